// Exercise 2, a known wrong fix (hint 3): no group, a count instead: the last text to arrive
// completes. An empty feed has no last text, and never completes.
// must fail: output
// verdict leads with: FeedLoader.swift:19 because "every load completes, an empty feed"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        var texts = [String?](repeating: nil, count: items.count)  // main queue only
        var arrived = 0
        for (index, item) in items.enumerated() {
            item.fetch { text in
                DispatchQueue.main.async {
                    texts[index] = text
                    arrived += 1
                    if arrived == items.count { completion(texts.map { $0! }) }
                }
            }
        }
    }
}
