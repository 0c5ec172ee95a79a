import Foundation
import RaceLabKit
import Lesson2Support

// Exercise 2, a wrong fix from an adversarial round: no group; the completion comes after a fixed
// wait, long enough for this feed's fetches but not as soon as they are in.
// must fail: output
// verdict leads with: FeedLoader.swift:26 because "complete as soon as every fetch is in" or "keep each load's texts to itself"

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let lock = NSLock()
        var slots = [String?](repeating: nil, count: items.count)
        for (index, item) in items.enumerated() {
            item.fetch { text in
                lock.lock()
                slots[index] = text
                lock.unlock()
            }
        }
        // The fetches take 0.2 to 1.2 s: by 1.5 s every one has called back.
        DispatchQueue.main.asyncAfter(lessonSeconds: 1.5) {
            lock.lock()
            let result = slots.map { $0 ?? "" }
            lock.unlock()
            completion(result)
        }
    }
}
