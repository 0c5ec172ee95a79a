// Exercise 2, a known wrong fix (hint 4): the group and the texts belong to the loader, and each
// load starts them afresh. Two loads at once share them: the first load's texts are thrown away
// by the second, and both complete with the second's.
// must fail: output
// verdict leads with: FeedLoader.swift:26 because "every load completes once its own fetches are in" or "every load completes, an empty feed"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    private let group = DispatchGroup()
    private var texts: [String?] = []  // main queue only

    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        texts = [String?](repeating: nil, count: items.count)
        for (index, item) in items.enumerated() {
            group.enter()
            item.fetch { text in
                DispatchQueue.main.async {
                    if index < self.texts.count { self.texts[index] = text }
                    self.group.leave()
                }
            }
        }
        group.notify(queue: .main) { completion(self.texts.compactMap { $0 }) }
    }
}
