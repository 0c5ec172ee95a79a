import Foundation
import RaceLabKit
import Lesson5Support

// Exercise 5, a wrong fix from an adversarial round: one semaphore signal an image, sent first thing
// in add so that all can wake as early as possible, and all waits count times. Every access to the
// array is locked, so TSan is rightly silent; but all can wake between the last signal and the last
// append, and give one image too few. The waiting rounds catch it.
// must fail: output
// verdict leads with: FilterResults.swift:24 or FilterResults.swift:17 because "all(count:) must wait for every image" or "let all(count:) go only once the image is in"

final class FilterResults {
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var images: [Image] = []

    func add(_ image: Image) {
        arrived.signal()
        lock.lock()
        images.append(image)
        lock.unlock()
    }

    func all(count: Int) -> [Image] {
        for _ in 0..<count { arrived.wait() }
        lock.lock()
        defer { lock.unlock() }
        return images
    }
}
