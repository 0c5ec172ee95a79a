// Exercise 2, a wrong fix from an adversarial round (issue 53's ninth: it passed its run then): the
// solution, except that an empty feed completes at once, inside `load`, before it returns. The driver
// calls `load` on the main queue, so that completion is on the main queue; but the caller has not
// yet set up what its completion needs (it may do that right after the call).
// must fail: output
// verdict leads with: FeedLoader.swift:14 because "once load has returned"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        guard !items.isEmpty else { return completion([]) }  // nothing to wait for
        let group = DispatchGroup()
        var texts = [String?](repeating: nil, count: items.count)  // main queue only
        for (index, item) in items.enumerated() {
            group.enter()
            item.fetch { text in
                DispatchQueue.main.async {
                    texts[index] = text
                    group.leave()
                }
            }
        }
        group.notify(queue: .main) {
            completion(texts.map { $0! })
        }
    }
}
