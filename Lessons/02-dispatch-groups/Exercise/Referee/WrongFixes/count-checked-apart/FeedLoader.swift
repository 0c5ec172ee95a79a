// Exercise 2, a known wrong fix (hint 2): no group, a count of the fetches still out, under a lock,
// but decreased in one critical section and checked ("was I the last?") in another. Every access is
// locked, so ThreadSanitizer is rightly silent; where one callback falls between the other's two
// sections, both see zero and the feed completes twice (round 6 makes callbacks meet, feed after feed).
// must fail: output
// verdict leads with: FeedLoader.swift:14 or FeedLoader.swift:29 because "complete once" or "decrease the count and check it"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        guard !items.isEmpty else { return DispatchQueue.main.async { completion([]) } }
        let lock = NSLock()
        var texts = [String?](repeating: nil, count: items.count)  // under the lock
        var remaining = items.count  // under the lock
        for (index, item) in items.enumerated() {
            item.fetch { text in
                lock.lock()
                texts[index] = text
                remaining -= 1
                lock.unlock()

                lock.lock()
                let last = remaining == 0
                let all = texts.map { $0 ?? "" }
                lock.unlock()
                if last { DispatchQueue.main.async { completion(all) } }
            }
        }
    }
}
