// Exercise 2, a known wrong fix (from an adversarial round): a group, and the texts kept by title on
// the main queue. Two items with the same title (a story and its update) get one text, the later.
// must fail: output
// verdict leads with: FeedLoader.swift:24 because "two of its items have the same title"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        var texts: [String: String] = [:]  // by title; main queue only
        for item in items {
            group.enter()
            item.fetch { text in
                DispatchQueue.main.async {
                    texts[item.title] = text
                    group.leave()
                }
            }
        }
        group.notify(queue: .main) {
            completion(items.map { texts[$0.title]! })
        }
    }
}
