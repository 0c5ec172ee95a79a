// Exercise 2, a wrong fix from issue 53's fourteenth adversarial round (it passed, as no fetch brought
// an empty text then): a group and a lock, right but for one thing: an empty text is taken for "nothing
// came back" and left out, so a feed with an empty story completes with a text fewer, each after it one
// place early. Feed 2 has an empty story.
// must fail: output
// verdict leads with: FeedLoader.swift:28 because "an empty one too"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        let lock = NSLock()
        var texts = [String?](repeating: nil, count: items.count)  // under the lock
        for (index, item) in items.enumerated() {
            group.enter()
            item.fetch { text in
                if !text.isEmpty {  // nothing came back: nothing to show
                    lock.withLock { texts[index] = text }
                }
                group.leave()
            }
        }
        group.notify(queue: .main) {
            let result = lock.withLock { texts.compactMap { $0 } }
            completion(result)
        }
    }
}
