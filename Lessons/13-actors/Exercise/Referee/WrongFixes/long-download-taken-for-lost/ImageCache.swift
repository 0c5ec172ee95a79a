import Foundation
import RaceLabKit
import Lesson13Support

// Exercise 13, a known wrong fix (issue 53's seventh round: it passed 3 of 3 runs): a request that finds
// a download in flight for more than 2 s takes it for lost and starts another. However long a download
// takes, one download an image: the slow image's last request comes 3.5 s of real time into it.
// must fail: output
// verdict leads with: ImageCache.swift:36 because "however long a download takes"

actor ImageCache: ImageSource {
    private struct Entry {
        let id: UInt64
        let task: Task<Image, Error>
        let started: Date
        var done = false
    }
    private var cache: [String: Entry] = [:]
    private var nextID: UInt64 = 0

    init() {}

    private func finished(_ name: String, _ id: UInt64, _ ok: Bool) {
        guard cache[name]?.id == id else { return }
        if ok { cache[name]?.done = true } else { cache[name] = nil }
    }

    func image(named name: String) async throws -> Image {
        if let entry = cache[name], entry.done || Date().timeIntervalSince(entry.started) < 2 {
            return try await entry.task.value
        }
        nextID += 1
        let id = nextID
        let task = Task<Image, Error> {
            do {
                let image = try await Network.image(named: name)
                self.finished(name, id, true)
                return image
            } catch {
                self.finished(name, id, false)
                throw error
            }
        }
        cache[name] = Entry(id: id, task: task, started: Date())
        return try await task.value
    }
}
