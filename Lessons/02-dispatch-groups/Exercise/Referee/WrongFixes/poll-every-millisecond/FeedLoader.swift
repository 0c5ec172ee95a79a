import Foundation
import RaceLabKit
import Lesson2Support

// Exercise 2, a wrong fix from an adversarial round (issue 53; it passed 5 of 5 before the driver
// counted wake-ups): the texts stored by index under a lock, and a block on the main queue that looks
// every millisecond whether all are in, then completes. Nothing races, and it completes once, on the
// main queue, in order, within a millisecond of the last callback: but on a timer, not when the last
// fetch called back. While the crowd's fetches are out, 200 such polls wake the process tens of
// thousands of times a second.
// must fail: output
// verdict leads with: FeedLoader.swift:32 because "not when a timer next looks"

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let lock = NSLock()
        var texts = [String?](repeating: nil, count: items.count)
        var arrived = 0
        for (index, item) in items.enumerated() {
            item.fetch { text in
                lock.withLock {
                    texts[index] = text
                    arrived += 1
                }
            }
        }
        func look() {
            let (all, done) = lock.withLock { (texts.compactMap { $0 }, arrived == items.count) }
            if done {
                completion(all)
            } else {
                DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1), execute: look)
            }
        }
        DispatchQueue.main.async(execute: look)
    }
}
