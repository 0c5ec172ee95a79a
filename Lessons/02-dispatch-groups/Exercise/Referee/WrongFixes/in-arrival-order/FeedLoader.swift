// Exercise 2, a known wrong fix (hint 3): the fetches are counted right and the texts gathered on
// the main queue, but appended as they arrive: the fastest fetch's text comes first.
// must fail: output
// verdict leads with: FeedLoader.swift:23 because "keep each text in its item's place"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        var texts: [String] = []
        for item in items {
            group.enter()
            item.fetch { text in
                DispatchQueue.main.async {
                    texts.append(text)
                    group.leave()
                }
            }
        }
        group.notify(queue: .main) { completion(texts) }
    }
}
