// Exercise 2, a wrong fix from issue 53's eleventh adversarial round (it passed its runs then): a
// throttle lets three fetches out at a time, each waiting for its turn on a semaphore in a block on
// a global queue. A feed of more than three takes longer than its slowest fetch, and the waiting
// blocks hold the pool's threads. Every text is stored under a lock, so ThreadSanitizer is rightly
// silent.
// must fail: output
// verdict leads with: FeedLoader.swift:22 because "start every fetch at once"
import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        let lock = NSLock()
        let turns = DispatchSemaphore(value: 3)
        var texts = [String?](repeating: nil, count: items.count)  // under `lock`
        for (index, item) in items.enumerated() {
            group.enter()
            DispatchQueue.global().async {
                turns.wait()
                item.fetch { text in
                    lock.withLock { texts[index] = text }
                    turns.signal()
                    group.leave()
                }
            }
        }
        group.notify(queue: .main) {
            completion(lock.withLock { texts.map { $0 ?? "" } })
        }
    }
}
