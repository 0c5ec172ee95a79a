// Exercise 2, a wrong fix: the solution, with the first item's fetch entered twice ("the first one
// may be slow: count it twice") and left once. The group never empties, so no feed with items ever
// completes: the verdict asks whether each `enter` has its `leave`.
// must fail: output
// verdict leads with: FeedLoader.swift:26 because "does each `enter` have its `leave`"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        var texts = [String?](repeating: nil, count: items.count)  // main queue only
        for (index, item) in items.enumerated() {
            group.enter()
            if index == 0 { group.enter() }
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
