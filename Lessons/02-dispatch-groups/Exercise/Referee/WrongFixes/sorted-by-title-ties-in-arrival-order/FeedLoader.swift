import Foundation
import RaceLabKit
import Lesson2Support

// Exercise 2, a wrong fix from an adversarial round: a right group and lock, the texts collected in
// arrival order with their titles, then sorted by the position of the first item with that title,
// ties in arrival order. A story and its update share a title: when the update arrives first, the two
// texts come out swapped. Feed 1's update always arrives 0.5 s or more before its story; before it
// did, this passed 1 of 3 runs.
// must fail: output
// verdict leads with: FeedLoader.swift:33 because "keep each text in its item's place"

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        let lock = NSLock()
        var arrived: [(title: String, text: String)] = []
        for item in items {
            group.enter()
            item.fetch { text in
                lock.lock()
                arrived.append((item.title, text))
                lock.unlock()
                group.leave()
            }
        }
        group.notify(queue: .main) {
            let position = { (title: String) in items.firstIndex { $0.title == title } ?? 0 }
            let sorted = arrived.enumerated().sorted { a, b in
                let (pa, pb) = (position(a.element.title), position(b.element.title))
                return pa != pb ? pa < pb : a.offset < b.offset
            }
            completion(sorted.map { $0.element.text })
        }
    }
}
