import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from an adversarial round (issue 40): downloads once and shares the
// download right, but keeps only the 100 images asked for last, "so the cache cannot grow without
// bound". An image asked for again after a hundred others is downloaded again.
// must fail: output
// verdict leads with: ImageCache.swift:19 because "the cache keeps every image it downloaded"

actor ImageCache: ImageSource {
    private var cache: [String: Task<Image, Error>] = [:]
    private var order: [String] = []

    func image(named name: String) async throws -> Image {
        if let task = cache[name] { return try await task.value }
        let task = Task { try await Network.image(named: name) }
        cache[name] = task
        order.append(name)
        if order.count > 100 { cache[order.removeFirst()] = nil }
        do {
            return try await task.value
        } catch {
            cache[name] = nil
            throw error
        }
    }
}
