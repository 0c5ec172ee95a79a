// Exercise 2, a known wrong fix (issue 53's third round: it passed 5 of 5 runs): the fetches counted
// and the texts kept in place under a lock, and the main queue never waits; but each load starts a
// thread of its own that waits for its group, holding that thread until its fetches are in. It is not
// one of the pool's threads, so no load waits behind another and none is late: what gives it away is
// the process holding a thread for every load while their fetches are out.
// must fail: output
// verdict leads with: FeedLoader.swift:24 or FeedLoader.swift:25 because "hold no thread while the fetches are out"
import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        let lock = NSLock()
        nonisolated(unsafe) var texts = [String?](repeating: nil, count: items.count)
        for (index, item) in items.enumerated() {
            group.enter()
            item.fetch { text in
                lock.withLock { texts[index] = text }
                group.leave()
            }
        }
        Thread {
            group.wait()
            let all = lock.withLock { texts.map { $0! } }
            DispatchQueue.main.async { completion(all) }
        }.start()
    }
}
