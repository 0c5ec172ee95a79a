import Foundation
import RaceLabKit
import Lesson5Support

// Exercise 5, a known wrong fix: the appends are under a lock, but `all` polls the count without it
// until enough have arrived: a read with nothing ordering it after the writes.
// must fail: race FilterResults.all
// verdict leads with: FilterResults.swift:21 because "reads too, must go through the same lock"

final class FilterResults {
    private var images: [Image] = []
    private let lock = NSLock()

    func add(_ image: Image) {
        lock.lock()
        images.append(image)
        lock.unlock()
    }

    func all(count: Int) -> [Image] {
        while images.count < count { usleep(1000) }
        lock.lock()
        defer { lock.unlock() }
        return images
    }
}
