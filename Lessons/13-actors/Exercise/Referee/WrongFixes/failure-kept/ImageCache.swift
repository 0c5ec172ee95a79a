import RaceLabKit
import Lesson13Support

// Exercise 13, a known wrong fix (hint 4): the in-flight Task kept, and kept after it fails too. A
// download that failed (the image was not on the network yet) is handed to every later request,
// which fails without trying again.
// must fail: output
// verdict leads with: ImageCache.swift:15 because "a failed download must not stay in the cache"

actor ImageCache: ImageSource {
    private var cache: [String: Task<Image, Error>] = [:]

    func image(named name: String) async throws -> Image {
        if let task = cache[name] { return try await task.value }
        let task = Task { try await Network.image(named: name) }
        cache[name] = task
        return try await task.value
    }
}
