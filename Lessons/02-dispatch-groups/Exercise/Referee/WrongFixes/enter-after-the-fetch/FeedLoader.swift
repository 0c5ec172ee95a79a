// Exercise 2, a known wrong fix (issue 53's fourth round: it passed 5 of 5 runs): the fetches counted
// and the texts kept in place under a lock, notify on the main queue; but `group.enter()` comes after
// `item.fetch`. A callback that runs before the loading thread reaches `enter()` leaves first: the
// group is left more often than it was entered, and libdispatch stops the program.
// must fail: crash
// verdict leads with: FeedLoader.swift:19 because "enter before that call"
import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        let lock = NSLock()
        nonisolated(unsafe) var texts = [String?](repeating: nil, count: items.count)
        for (index, item) in items.enumerated() {
            item.fetch { text in
                lock.withLock { texts[index] = text }
                group.leave()
            }
            group.enter()
        }
        group.notify(queue: .main) {
            completion(lock.withLock { texts.map { $0! } })
        }
    }
}
