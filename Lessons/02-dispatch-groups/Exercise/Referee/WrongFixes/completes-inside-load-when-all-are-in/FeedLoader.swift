// Exercise 2, a wrong fix from issue 53's fifteenth adversarial round (it passed: no round judged a
// feed that completed inside `load` unless it was empty): the texts stored and counted under a lock,
// and when every fetch had called back before the loop ended, `completion` called at once, inside
// `load`, "on the main queue already". A caller that sets up what its completion needs after the
// call finds it called before; where the fetches call back before they return, it always is.
// must fail: output
// verdict leads with: FeedLoader.swift:41 because "complete later, once load has returned"
import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let lock = NSLock()
        var texts = [String?](repeating: nil, count: items.count)
        var remaining = items.count
        var loopDone = false
        var completed = false
        for (index, item) in items.enumerated() {
            item.fetch { text in
                let result: [String]? = lock.withLock {
                    texts[index] = text
                    remaining -= 1
                    guard remaining == 0, loopDone, !completed else { return nil }
                    completed = true
                    return texts.map { $0! }
                }
                if let result { DispatchQueue.main.async { completion(result) } }
            }
        }
        let inline: [String]? = lock.withLock {
            loopDone = true
            guard remaining == 0, !completed else { return nil }
            completed = true
            return texts.map { $0! }
        }
        if let inline {
            if items.isEmpty {
                DispatchQueue.main.async { completion(inline) }
            } else {
                completion(inline)  // we are on the main queue already
            }
        }
    }
}
