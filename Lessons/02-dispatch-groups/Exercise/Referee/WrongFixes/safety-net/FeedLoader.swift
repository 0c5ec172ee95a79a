import Foundation
import RaceLabKit
import Lesson2Support

// Exercise 2, a wrong fix from an adversarial round: a right group (enter, leave, the texts by index
// under a lock, notify on the main queue), and a "safety net": 2 s after load, complete anyway with
// what has arrived. A flag on the main queue keeps it to one completion. Feed 7's slow fetch takes
// longer than that, so feed 7 completes without its text.
// must fail: output
// verdict leads with: FeedLoader.swift:24 because "complete once every fetch has called back"

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        let lock = NSLock()
        var texts = [String?](repeating: nil, count: items.count)
        var completed = false  // main queue only
        func complete() {
            guard !completed else { return }
            completed = true
            lock.lock()
            let result = texts.map { $0 ?? "" }
            lock.unlock()
            completion(result)
        }
        for (index, item) in items.enumerated() {
            group.enter()
            item.fetch { text in
                lock.lock()
                texts[index] = text
                lock.unlock()
                group.leave()
            }
        }
        group.notify(queue: .main) { complete() }
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) { complete() }  // never keep the user waiting
    }
}
