// Exercise 2, a known wrong fix (hint 3): a group and a lock, right but for one thing: at most 64
// fetches out at once, the next started as one calls back. Every feed of up to 64 stories is loaded
// right; a bigger one takes longer than its slowest fetch. Round 4 ends with a feed of 1,000 or more.
// must fail: output
// verdict leads with: FeedLoader.swift:28 because "fetches were out when the first called back"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    static let window = 64

    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        let lock = NSLock()
        var texts = [String?](repeating: nil, count: items.count)  // under the lock
        var next = 0  // the next item to fetch, under the lock
        func startNext() {
            let index: Int? = lock.withLock {
                next < items.count
                    ? {
                        next += 1
                        return next - 1
                    }() : nil
            }
            guard let index else { return }
            items[index].fetch { text in
                lock.withLock { texts[index] = text }
                startNext()
                group.leave()
            }
        }
        for _ in items { group.enter() }
        for _ in 0..<min(Self.window, items.count) { startNext() }
        group.notify(queue: .main) {
            completion(lock.withLock { texts.map { $0! } })
        }
    }
}
