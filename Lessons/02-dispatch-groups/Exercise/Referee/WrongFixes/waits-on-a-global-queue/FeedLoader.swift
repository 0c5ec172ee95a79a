// Exercise 2, a known wrong fix (issue 53's round: it failed 1 of 3 runs on a loaded machine, as a
// right one): the fetches counted and the texts kept in place under a lock, and the main queue never
// waits; but each load waits for its group in a block on a global queue, holding one of the pool's
// threads until its fetches are in. Many loads at once take every thread, and the loads behind them
// wait for one, their fetches long in: late on any machine, however many cores.
// must fail: output
// verdict leads with: FeedLoader.swift:27 or FeedLoader.swift:31 because "hold no thread while the fetches are out" or "complete as soon as every fetch is in"
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
                lock.lock()
                texts[index] = text
                lock.unlock()
                group.leave()
            }
        }
        DispatchQueue.global().async {
            group.wait()
            lock.lock()
            let all = texts.map { $0! }
            lock.unlock()
            DispatchQueue.main.async { completion(all) }
        }
    }
}
