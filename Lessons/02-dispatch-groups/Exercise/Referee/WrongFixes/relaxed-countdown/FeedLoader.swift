// Exercise 2, a known wrong fix (issue 53's fourth round: it passed 5 of 5 runs): each text goes into
// its place in an unsafe buffer, and a relaxed atomic counts the fetches still out; the callback that
// counts the last completes. A relaxed count orders nothing else, so the last callback may read the
// others' texts before their writes are seen. ThreadSanitizer cannot see the texts race (the standard
// library reads the buffer, and it is not instrumented); it sees the driver's mark of each hand-over race.
// must fail: race HandoverMark.look
// verdict leads with: FeedLoader.swift:30 because "a relaxed atomic does not"
import Foundation
import RaceLabKit
import Lesson2Support
import Synchronization

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        guard !items.isEmpty else { return DispatchQueue.main.async { completion([]) } }
        final class Slots: @unchecked Sendable {
            let left: Atomic<Int>
            let texts: UnsafeMutableBufferPointer<String>
            init(_ count: Int) {
                left = Atomic(count)
                texts = .allocate(capacity: count)
            }
        }
        let slots = Slots(items.count)
        for (index, item) in items.enumerated() {
            item.fetch { text in
                (slots.texts.baseAddress! + index).initialize(to: text)
                if slots.left.subtract(1, ordering: .relaxed).newValue == 0 {
                    let texts = Array(slots.texts)
                    DispatchQueue.main.async { completion(texts) }
                }
            }
        }
    }
}
