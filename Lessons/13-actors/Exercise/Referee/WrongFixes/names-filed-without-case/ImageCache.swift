import RaceLabKit
import Lesson13Support

// Exercise 13, a known wrong fix (issue 53's seventh round: it passed 3 of 3 runs): the cache files an
// image under its name in lower case, so "Cat.jpg" and "cat.jpg" share one entry and one image. Every
// request must get the image of the name it asked for, letter for letter.
// must fail: output
// verdict leads with: ImageCache.swift:24 because "letter for letter"

actor ImageCache: ImageSource {
    private struct Entry {
        let id: UInt64
        let task: Task<Image, Error>
    }
    private var cache: [String: Entry] = [:]
    private var nextID: UInt64 = 0

    init() {}

    private func forget(_ name: String, _ id: UInt64) {
        if cache[name]?.id == id { cache[name] = nil }
    }

    func image(named name: String) async throws -> Image {
        let key = name.lowercased()
        if let entry = cache[key] {
            return try await entry.task.value
        }
        nextID += 1
        let id = nextID
        let task = Task<Image, Error> {
            do {
                return try await Network.image(named: name)
            } catch {
                self.forget(key, id)
                throw error
            }
        }
        cache[key] = Entry(id: id, task: task)
        return try await task.value
    }
}
