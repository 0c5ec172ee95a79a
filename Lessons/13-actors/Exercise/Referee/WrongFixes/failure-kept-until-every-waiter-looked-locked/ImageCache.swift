import Foundation
import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from issue 53's fifteenth adversarial round (it passed, "could not play":
// the check's brief exploration stopped at its limit before it played the points where a task's
// waiters go on): under an NSLock, a failed download stays in the cache until the last request that
// waited on it has looked, so a request that asks again before then gets the old failure.
// must fail: explorer
// verdict leads with: ImageCache.swift:45 because "Another task got in while"

final class ImageCache: ImageSource, @unchecked Sendable {
    // @unchecked Sendable: `entries` and `nextID` are read and written only under `lock`.
    private struct Entry {
        let id: Int
        let task: Task<Image, Error>
        var waiting: Int
    }
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var nextID = 0

    init() {}

    func image(named name: String) async throws -> Image {
        let (id, task) = join(name)
        do {
            return try await task.value
        } catch {
            // The last waiter to see the failure takes the entry out: every waiter gets the same answer.
            lookedAtFailure(name, id: id)
            throw error
        }
    }

    private func join(_ name: String) -> (Int, Task<Image, Error>) {
        lock.withLock {
            if var entry = entries[name] {
                entry.waiting += 1
                entries[name] = entry
                return (entry.id, entry.task)
            }
            let id = nextID
            nextID += 1
            let task = Task { try await Network.image(named: name) }
            entries[name] = Entry(id: id, task: task, waiting: 1)
            return (id, task)
        }
    }

    private func lookedAtFailure(_ name: String, id: Int) {
        lock.withLock {
            guard var entry = entries[name], entry.id == id else { return }
            entry.waiting -= 1
            entries[name] = entry.waiting == 0 ? nil : entry
        }
    }
}
