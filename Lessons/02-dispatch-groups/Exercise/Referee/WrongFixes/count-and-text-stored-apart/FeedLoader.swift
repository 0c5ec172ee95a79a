// Exercise 2, a known wrong fix (hint 2): no group, a count of the fetches still out, and each
// callback counts itself in (one critical section) before it stores its text (another, under a lock
// of its own). Every access is locked, so ThreadSanitizer is rightly silent; where one callback falls
// between the other's count and store, the last to count completes without the other's text. The
// window is two adjacent lines, too narrow for the driver's rounds to hit on most runs: the schedule
// explorer plays it (adversarial round 9).
// must fail: explorer or output
// verdict leads with: FeedLoader.swift:27 or FeedLoader.swift:22 or FeedLoader.swift:31 because "Another thread got in while" or "store its text in one critical section" or "complete once every fetch has called back"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        guard !items.isEmpty else { return DispatchQueue.main.async { completion([]) } }
        let countLock = NSLock()
        let textLock = NSLock()
        var remaining = items.count  // under countLock
        var texts = [String?](repeating: nil, count: items.count)  // under textLock
        for (index, item) in items.enumerated() {
            item.fetch { text in
                countLock.lock()
                remaining -= 1
                let last = remaining == 0
                countLock.unlock()
                textLock.lock()
                texts[index] = text
                let all = last ? texts.map { $0 ?? "" } : []
                textLock.unlock()
                if last { DispatchQueue.main.async { completion(all) } }
            }
        }
    }
}
