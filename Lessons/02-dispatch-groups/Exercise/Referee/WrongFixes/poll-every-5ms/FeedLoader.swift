import Foundation
import RaceLabKit
import Lesson2Support

// Exercise 2, a wrong fix from an adversarial round (issue 40; at 20 ms it passed 3 of 3): the texts
// stored by index under a lock, and a timer on the main queue that looks every 5 ms of real time
// whether all are in, then completes. Nothing races, and it completes once, on the main queue, in
// order: but up to 5 ms after the last fetch called back, not as soon as it did. Round 5 measures
// each feed's completion after the main queue could first have run it: half a period in the median.
// must fail: output
// verdict leads with: FeedLoader.swift:24 or FeedLoader.swift:33 because "not when a timer next looks"

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
        timer.schedule(deadline: .now(), repeating: 0.005)
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
