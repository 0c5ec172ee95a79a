import Foundation
import RaceLabKit
import Lesson5Support

// Exercise 5, a known wrong fix: every access to the array is locked, and a semaphore counts the
// arrivals, so ThreadSanitizer sees no race; but `add` copies the array in one critical section and
// stores the longer copy in another. Two adds in between both start from the same copy, and one image
// is lost. Eight adds a fifth of a second apart rarely meet; the driver's contention round catches it.
// must fail: output
// verdict leads with: FilterResults.swift:17 because "one add must read and change"

final class FilterResults {
    private var images: [Image] = []
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)

    func add(_ image: Image) {
        lock.lock()
        var copy = images
        lock.unlock()
        copy.append(image)
        lock.lock()
        images = copy
        lock.unlock()
        arrived.signal()
    }

    func all(count: Int) -> [Image] {
        for _ in 0..<count { arrived.wait() }
        lock.lock()
        defer { lock.unlock() }
        return images
    }
}
