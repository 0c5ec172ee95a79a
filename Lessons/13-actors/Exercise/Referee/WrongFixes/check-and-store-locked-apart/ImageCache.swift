import RaceLabKit
import Lesson13Support
import Foundation

// Exercise 13, a wrong fix from an adversarial round (issue 40): the in-flight Task kept in a class
// under a lock (RaceLabKit's `Locked`, an NSLock), but the lookup and the store are two critical sections. Two requests for an image
// that arrive together both find nothing between them, and each starts a download. ThreadSanitizer
// sees no race: every access is locked. Only a count of the downloads shows it.
// must fail: output
// verdict leads with: ImageCache.swift:17 because "check for the download in flight"

final class ImageCache: ImageSource {
    private let cache = Locked<[String: Task<Image, Error>]>([:])

    func image(named name: String) async throws -> Image {
        if let task = cache.withLock({ $0[name] }) { return try await task.value }
        let task = Task { try await Network.image(named: name) }
        cache.withLock { $0[name] = task }
        do {
            return try await task.value
        } catch {
            cache.withLock { $0[name] = nil }
            throw error
        }
    }
}
