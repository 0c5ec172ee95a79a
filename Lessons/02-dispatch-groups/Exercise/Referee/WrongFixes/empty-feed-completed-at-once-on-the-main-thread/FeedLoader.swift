// Exercise 2, a wrong fix from issue 53's eleventh adversarial round (it passed 4 of 4 runs then): an
// empty feed loaded on the main thread completes at once, inside `load` ("already on the main thread,
// no need to hop"). The task says the completion comes after `load` has returned. It passed while the
// driver's main queue ran its blocks on Dispatch's threads (Linux after `dispatchMain()`); the driver
// now serves the main queue on the main thread, as Apple's platforms do.
// must fail: output
// verdict leads with: FeedLoader.swift:17 because "once load has returned"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        if items.isEmpty {
            if Thread.isMainThread {
                completion([])
            } else {
                DispatchQueue.main.async { completion([]) }
            }
            return
        }
        let group = DispatchGroup()
        let lock = NSLock()
        var texts = [String?](repeating: nil, count: items.count)  // under the lock
        for (index, item) in items.enumerated() {
            group.enter()
            item.fetch { text in
                lock.withLock { texts[index] = text }
                group.leave()
            }
        }
        group.notify(queue: .main) {
            completion(lock.withLock { texts.map { $0! } })
        }
    }
}
