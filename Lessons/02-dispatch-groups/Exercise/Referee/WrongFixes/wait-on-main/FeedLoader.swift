// Exercise 2, a known wrong fix (hint 3): the fetches are counted right, but load waits for them
// with group.wait() on the main queue: it returns only once the slowest has called back, and the
// screen is frozen until then.
// must fail: output
// verdict leads with: FeedLoader.swift:25 because "do not wait on the main"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        let lock = NSLock()
        var texts = [String?](repeating: nil, count: items.count)
        for (index, item) in items.enumerated() {
            group.enter()
            item.fetch { text in
                lock.lock()
                texts[index] = text
                lock.unlock()
                group.leave()
            }
        }
        group.wait()
        completion(texts.map { $0! })
    }
}
