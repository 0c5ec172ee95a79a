import Foundation
import RaceLabKit
import Lesson5Support

// Exercise 5, a wrong fix from an adversarial round: an NSCondition, but all checks the count in one
// critical section and starts waiting in another. An add that comes between the two signals no one,
// and all waits forever for an image that is already in (a lost wake-up). Every access is locked, so
// TSan is rightly silent; the window is a few instructions wide, and the wake-up steps hit it.
// must fail: output
// verdict leads with: FilterResults.swift:29 because "check the count and start waiting"

final class FilterResults {
    private var images: [Image] = []
    private let condition = NSCondition()

    func add(_ image: Image) {
        condition.lock()
        images.append(image)
        condition.signal()
        condition.unlock()
    }

    private var arrivedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return images.count
    }

    func all(count: Int) -> [Image] {
        while arrivedCount < count {
            condition.lock()
            condition.wait()
            condition.unlock()
        }
        condition.lock()
        defer { condition.unlock() }
        return images
    }
}
