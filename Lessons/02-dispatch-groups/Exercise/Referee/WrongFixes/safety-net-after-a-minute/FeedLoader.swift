import Foundation
import RaceLabKit
import Lesson2Support

// Exercise 2, a wrong fix: `safety-net`'s, with a net of a minute, longer than any fetch the driver
// plays. Every run completes every feed from the group's notify, so the driver sees nothing wrong; a
// fetch that takes longer than a minute (a slow network) completes its feed without its text. The task
// bounds nothing, so the runner reads the file for a clock.
// must fail: output
// verdict leads with: FeedLoader.swift:37 because "however long a fetch takes"

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
        // Never keep the user waiting more than a minute.
        DispatchQueue.main.asyncAfter(deadline: .now() + 60) { complete() }
    }
}
