import Foundation
import RaceLabKit
import Lesson2Support

// Exercise 2, a wrong fix from issue 53's sixth adversarial round (it passed 3 of 3): the texts
// stored by index under a lock, and a block on the main queue that looks whether all are in, and
// when not, sends itself to the main queue again at once. It never sleeps, so it wakes nothing: it
// keeps a core busy instead, the whole time the fetches are out. The crowd's window measures the CPU
// the process uses.
// must fail: output
// verdict leads with: FeedLoader.swift:31 because "not when a timer next looks"

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let lock = NSLock()
        var texts = [String?](repeating: nil, count: items.count)
        var arrived = 0
        for (index, item) in items.enumerated() {
            item.fetch { text in
                lock.withLock {
                    texts[index] = text
                    arrived += 1
                }
            }
        }
        func look() {
            let (all, done) = lock.withLock { (texts.compactMap { $0 }, arrived == items.count) }
            if done {
                completion(all)
            } else {
                DispatchQueue.main.async(execute: look)
            }
        }
        DispatchQueue.main.async(execute: look)
    }
}
