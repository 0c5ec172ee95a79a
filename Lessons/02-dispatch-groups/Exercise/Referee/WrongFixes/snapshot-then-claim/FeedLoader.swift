// Exercise 2, a known wrong fix (hint 2): each callback stores its text, counts itself done and
// takes a copy of the texts in one critical section; in a second it looks again whether every fetch
// is done and, if no callback has yet, claims the completion and completes with its copy. Every
// access is locked, so ThreadSanitizer is rightly silent; where the first callback stores, the second
// stores, and the first claims before the second does, it completes with a copy taken before the
// second text was in (two preemptions: after the first's section, and after the second's).
// must fail: explorer or output
// verdict leads with: FeedLoader.swift:28 or FeedLoader.swift:32 or FeedLoader.swift:22 because "Another thread got in while" or "complete once every fetch has called back" or "take the texts to complete with in it too"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        guard !items.isEmpty else { return DispatchQueue.main.async { completion([]) } }
        let lock = NSLock()
        var texts = [String?](repeating: nil, count: items.count)  // under the lock
        var done = 0  // under the lock
        var claimed = false  // under the lock
        for (index, item) in items.enumerated() {
            item.fetch { text in
                lock.lock()
                texts[index] = text
                done += 1
                let copy = texts.map { $0 ?? "" }
                lock.unlock()
                lock.lock()
                let last = done == items.count && !claimed
                if last { claimed = true }
                lock.unlock()
                if last { DispatchQueue.main.async { completion(copy) } }
            }
        }
    }
}
