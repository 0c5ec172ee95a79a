// Exercise 2, a known wrong fix (from an adversarial round): enter and leave are right, and load
// returns at once; but it waits for the group in a block it sends to the main queue, which then
// stops drawing until the slowest fetch is back.
// must fail: output
// verdict leads with: FeedLoader.swift:23 or FeedLoader.swift:24 because "never wait on the main queue" or "complete as soon as every fetch is in" or "hold no thread while the fetches are out"

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        let texts = Locked([String?](repeating: nil, count: items.count))
        for (index, item) in items.enumerated() {
            group.enter()
            item.fetch { text in
                texts.withLock { $0[index] = text }
                group.leave()
            }
        }
        DispatchQueue.main.async {
            group.wait()
            completion(texts.current.map { $0! })
        }
    }
}
