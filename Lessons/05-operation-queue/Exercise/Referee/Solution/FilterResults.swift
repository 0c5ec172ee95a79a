import Foundation
import RaceLabKit
import Lesson5Support

// Exercise 5, a solution: lesson 5 page 6's serial append queue makes the appends safe; a semaphore
// counts the images that arrived, so `all(count:)` can wait until it has them all.

final class FilterResults {
    private var images: [Image] = []  // touched only on appendQueue
    private let appendQueue = DispatchQueue(label: "exercise5.append")
    private let arrived = DispatchSemaphore(value: 0)

    func add(_ image: Image) {
        appendQueue.async {
            self.images.append(image)
            self.arrived.signal()
        }
    }

    func all(count: Int) -> [Image] {
        for _ in 0..<count { arrived.wait() }
        return appendQueue.sync { images }
    }
}
