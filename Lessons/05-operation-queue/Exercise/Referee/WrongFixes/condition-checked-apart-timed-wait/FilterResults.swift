import Foundation
import RaceLabKit
import Lesson5Support

// Exercise 5, a wrong fix from an adversarial round: the count checked under one lock, then a wait
// on an NSCondition that gives up after 0.25 s and checks again. An add that comes between the check
// and the wait signals no one: the wake-up is lost, and all finds the image only when its wait runs
// out, 0.25 s late. It never hangs, so before the wake-up steps timed each call it passed 3 of 3 runs.
// must fail: output
// verdict leads with: FilterResults.swift:24 because "check the count and start waiting"

final class FilterResults {
    private var images: [Image] = []
    private let lock = NSLock()
    private let condition = NSCondition()

    func add(_ image: Image) {
        lock.lock()
        images.append(image)
        lock.unlock()
        condition.signal()
    }

    func all(count: Int) -> [Image] {
        while true {
            lock.lock()
            let arrived = images.count
            lock.unlock()
            if arrived >= count { break }
            condition.lock()
            _ = condition.wait(until: Date().addingTimeInterval(0.25))
            condition.unlock()
        }
        lock.lock()
        defer { lock.unlock() }
        return images
    }
}
