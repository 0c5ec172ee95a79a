import Foundation
import RaceLabKit
import Lesson2Support

// Exercise 2, a wrong fix from an adversarial round: the texts stored by index under a lock, and a
// timer on the main queue that looks every 0.1 s of real time whether all are in, then completes.
// Nothing races, and it completes once, on the main queue, in order: but up to a tick after the last
// fetch, not as soon as it called back. At 4x a tick is 0.4 lesson s, so a run may come out late, and
// at real speed, which confirms a late run, a tick fits in the 0.25 s a completion may take. Round 5's
// ten feeds, one after another, each fetch 10 ms of real time, wait for a tick at every feed.
// must fail: output
// verdict leads with: FeedLoader.swift:25 or FeedLoader.swift:34 because "not when a timer next looks"

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let lock = NSLock()
        var texts = [String?](repeating: nil, count: items.count)
        for (index, item) in items.enumerated() {
            item.fetch { text in
                lock.lock()
                texts[index] = text
                lock.unlock()
            }
        }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now(), repeating: 0.1)
        timer.setEventHandler {
            lock.lock()
            let all = texts.allSatisfy { $0 != nil }
            let result = texts.compactMap { $0 }
            lock.unlock()
            if all {
                timer.cancel()
                completion(result)
            }
        }
        timer.resume()
    }
}
