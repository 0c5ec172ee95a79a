// Exercise 2, a wrong fix from issue 53's eleventh adversarial round (it passed its runs then): each
// fetch starts when the one before has called back, so the texts come in order and nothing is
// shared; but a feed takes the sum of its fetches' times, not its slowest fetch's. Every text is
// right and nothing races, so ThreadSanitizer is rightly silent.
// must fail: output
// verdict leads with: FeedLoader.swift:14 or FeedLoader.swift:19 because "start every fetch at once"
import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        var texts: [String] = []  // touched by one fetch's callback at a time
        func fetch(from index: Int) {
            guard index < items.count else {
                let texts = texts
                return DispatchQueue.main.async { completion(texts) }
            }
            items[index].fetch { text in
                texts.append(text)
                fetch(from: index + 1)
            }
        }
        fetch(from: 0)
    }
}
