import RaceLabKit
import Lesson13Support

// Exercise 13, a known wrong fix (hint 5): the in-flight Task kept right, but in a class marked
// `@unchecked Sendable` instead of an actor, with no lock. Swift 6 takes the promise on trust;
// requests from many tasks change the dictionary at once, and ThreadSanitizer reports it.
// must fail: race ImageCache.image or crash
// verdict leads with: ImageCache.swift:15 or ImageCache.swift:17 because "reads too, must go through the same lock"

// @unchecked Sendable: a promise this wrong fix breaks on purpose: `cache` has no lock.
final class ImageCache: ImageSource, @unchecked Sendable {
    private var cache: [String: Task<Image, Error>] = [:]

    func image(named name: String) async throws -> Image {
        if let task = cache[name] { return try await task.value }
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
