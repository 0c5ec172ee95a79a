// Exercise 2, a wrong fix from issue 53's seventeenth round (helper-41; it passed 2 of 2): a feed of one
// story completes through `notify`, but a larger one parks a `Thread` of its own on `group.wait()` until
// its fetches are in: it holds a thread while they are out. The crowd's feeds all had one story; now
// they have one to three, two thirds of them more than one.
// must fail: output
// verdict leads with: FeedLoader.swift:34 or FeedLoader.swift:35 because "hold no thread while the fetches are out"
import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        let lock = NSLock()
        nonisolated(unsafe) var texts = [String?](repeating: nil, count: items.count)
        for (i, item) in items.enumerated() {
            group.enter()
            item.fetch { text in
                lock.lock()
                texts[i] = text
                lock.unlock()
                group.leave()
            }
        }
        if items.count <= 1 {
            group.notify(queue: .main) {
                lock.lock()
                let r = texts.map { $0! }
                lock.unlock()
                completion(r)
            }
            return
        }
        Thread {
            group.wait()
            lock.lock()
            let r = texts.map { $0! }
            lock.unlock()
            DispatchQueue.main.async { completion(r) }
        }.start()
    }
}
