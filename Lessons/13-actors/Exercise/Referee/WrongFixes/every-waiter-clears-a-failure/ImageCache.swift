import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from an adversarial round (issue 40): every request that waited on a
// download that failed takes the image's entry out, without asking whether the entry is still that
// download. A request that comes while those waiters resume starts a new download, and a waiter that
// resumes after it takes the new download's entry out too: the next request downloads a third time.
// must fail: output
// verdict leads with: ImageCache.swift:19 because "after a failure, one new download"

actor ImageCache: ImageSource {
    private var cache: [String: Task<Image, Error>] = [:]

    func image(named name: String) async throws -> Image {
        let task: Task<Image, Error>
        if let inFlight = cache[name] {
            task = inFlight
        } else {
            task = Task { try await Network.image(named: name) }
            cache[name] = task
        }
        do {
            return try await task.value
        } catch {
            cache[name] = nil
            throw error
        }
    }
}
