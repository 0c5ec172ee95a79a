import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from an adversarial round (issue 40): the in-flight Task kept in the
// actor, but with an `await` between the check and the store (here a `Task.yield()`, "to be fair to
// other requests"). At that await the actor runs other requests, which find the cache empty too and
// start their own downloads: the reentrancy of page 1, moved a few lines down.
// must fail: output
// verdict leads with: ImageCache.swift:17 because "a failure is the answer for those who waited" or "check for the download in flight" or "after a failure, one new download"

actor ImageCache: ImageSource {
    private var cache: [String: Task<Image, Error>] = [:]

    func image(named name: String) async throws -> Image {
        if let task = cache[name] { return try await task.value }
        await Task.yield()
        let task = Task { try await Network.image(named: name) }
        cache[name] = task
        do {
            return try await task.value
        } catch {
            cache[name] = nil
            throw error
        }
    }
}
