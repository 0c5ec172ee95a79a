import Foundation
import RaceLabKit
import Lesson5Support

// Exercise 5, a wrong fix from an adversarial round: a semaphore signalled after each append, and all
// waits for it count times, but gives each wait up after half a second of real time, "so the driver
// never hangs". The slow round's last thumbnail comes later than that after the others, so all gives
// up on it and returns one image too few.
// must fail: output
// verdict leads with: FilterResults.swift:24 because "all(count:) must wait for every image"

final class FilterResults {
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var images: [Image] = []

    func add(_ image: Image) {
        lock.lock()
        images.append(image)
        lock.unlock()
        arrived.signal()
    }

    func all(count: Int) -> [Image] {
        for _ in 0..<count { _ = arrived.wait(timeout: .now() + 0.5) }
        lock.lock()
        defer { lock.unlock() }
        return images
    }
}
