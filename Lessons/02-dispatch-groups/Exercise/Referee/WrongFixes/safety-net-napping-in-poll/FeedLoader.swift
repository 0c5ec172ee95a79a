// Exercise 2, a wrong fix from adversarial round 16: a right count per load, and a "safety net" run
// by one shared thread that naps a second at a time in C's `poll(2)` and completes any feed not done
// after 20 naps with what has arrived. A sleep in other words: no run waits 20 s, so the check reads
// the file for it.
// must fail: output
// verdict leads with: FeedLoader.swift:40 because "nothing in this task needs a clock"
import Foundation
import RaceLabKit
import Lesson2Support

final class Pending: @unchecked Sendable {
    let lock = NSLock()
    var texts: [String?]
    var remaining: Int
    var finished = false
    var age = 0
    let completion: ([String]) -> Void
    init(count: Int, completion: @escaping ([String]) -> Void) {
        texts = Array(repeating: nil, count: count)
        remaining = count
        self.completion = completion
    }
    func finish() {
        let result: [String]? = lock.withLock {
            if finished { return nil }
            finished = true
            return texts.map { $0 ?? "" }
        }
        if let result { DispatchQueue.main.async { self.completion(result) } }
    }
}

final class Guardian: @unchecked Sendable {
    static let shared = Guardian()
    let lock = NSLock()
    var watched: [Pending] = []
    init() {
        Thread {
            while true {
                _ = poll(nil, 0, 1000)
                let expired: [Pending] = self.lock.withLock {
                    for p in self.watched { p.age += 1 }
                    let out = self.watched.filter { $0.age >= 20 }
                    self.watched.removeAll { $0.age >= 20 }
                    return out
                }
                for p in expired { p.finish() }
            }
        }.start()
    }
    func watch(_ p: Pending) { lock.withLock { watched.append(p) } }
}

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let pending = Pending(count: items.count, completion: completion)
        if items.isEmpty {
            DispatchQueue.main.async { completion([]) }
            return
        }
        Guardian.shared.watch(pending)
        for (index, item) in items.enumerated() {
            item.fetch { text in
                let last: Bool = pending.lock.withLock {
                    pending.texts[index] = text
                    pending.remaining -= 1
                    return pending.remaining == 0
                }
                if last { pending.finish() }
            }
        }
    }
}
