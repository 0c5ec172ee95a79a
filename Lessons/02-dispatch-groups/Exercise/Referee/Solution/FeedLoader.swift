// Exercise 2, a solution: enter the group before each fetch and leave it in the fetch's callback
// (lesson 2, page 5); each text goes into its item's place, on the main queue, where the results
// live; notify on the main queue completes. Everything of one load is local to that call, so two
// loads at once do not mix, and an empty group notifies at once.

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        var texts = [String?](repeating: nil, count: items.count)  // main queue only
        for (index, item) in items.enumerated() {
            group.enter()  // before the fetch starts...
            item.fetch { text in
                DispatchQueue.main.async {
                    texts[index] = text
                    group.leave()  // ...and after its text is in place
                }
            }
        }
        group.notify(queue: .main) {
            completion(texts.map { $0! })
        }
    }
}
