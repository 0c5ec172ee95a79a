// Exercise 2, a wrong fix from adversarial round 16: a right group per load, but the loader keeps
// each load's state in a dictionary keyed by its feed's first title (and reuses it for a feed of as
// many items), so a feed and its update loaded at once share one state: both completions get the
// same mix of texts. Every access is locked; what is wrong is the key.
// must fail: output
// verdict leads with: FeedLoader.swift:38 because "keep each load's texts to itself"
import Foundation
import RaceLabKit
import Lesson2Support

final class LoadState {
    let group = DispatchGroup()
    var texts: [String]
    init(count: Int) { texts = Array(repeating: "", count: count) }
}

final class FeedLoader {
    private let lock = NSLock()
    private var loads: [String: LoadState] = [:]

    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let key = items.first?.title ?? ""
        let state: LoadState = lock.withLock {
            if let s = loads[key], s.texts.count == items.count { return s }
            let s = LoadState(count: items.count)
            loads[key] = s
            return s
        }
        for (index, item) in items.enumerated() {
            state.group.enter()
            item.fetch { text in
                self.lock.withLock { state.texts[index] = text }
                state.group.leave()
            }
        }
        state.group.notify(queue: .main) {
            let result = self.lock.withLock { state.texts }
            completion(result)
        }
    }
}
