// Exercise 2, a known wrong fix (issue 53's adversarial round: it passed 1 of 3 runs when no round
// made three stories arrive last first): each text is inserted at its item's index as it arrives, but
// no further than the end of what has arrived. That keeps the order unless the texts arrive from
// the last item to the first.
// must fail: output
// verdict leads with: FeedLoader.swift:26 because "keep each text in its item's place"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        var texts: [String] = []  // main queue only
        for (index, item) in items.enumerated() {
            group.enter()
            item.fetch { text in
                DispatchQueue.main.async {
                    texts.insert(text, at: min(index, texts.count))
                    group.leave()
                }
            }
        }
        group.notify(queue: .main) {
            completion(texts)
        }
    }
}
