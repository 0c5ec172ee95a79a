import RaceLabKit
import Lesson13Support

// Exercise 13, a known wrong fix: the first request downloads, the later ones wait for it with a
// continuation each, resumed when the download ends. One download an image; but the download runs
// in the first request's own task, so when that request is cancelled the download is cancelled too,
// and every request waiting on it gets the CancellationError.
// must fail: output
// verdict leads with: ImageCache.swift:22 because "another request's cancel cancelled" or "one download an image, whoever asks"

actor ImageCache: ImageSource {
    private var cache: [String: Image] = [:]
    private var waiting: [String: [CheckedContinuation<Image, Error>]] = [:]

    func image(named name: String) async throws -> Image {
        if let cached = cache[name] { return cached }
        if waiting[name] != nil {
            return try await withCheckedThrowingContinuation { waiting[name]!.append($0) }
        }
        waiting[name] = []
        do {
            let image = try await Network.image(named: name)
            cache[name] = image
            for waiter in waiting.removeValue(forKey: name) ?? [] { waiter.resume(returning: image) }
            return image
        } catch {
            for waiter in waiting.removeValue(forKey: name) ?? [] { waiter.resume(throwing: error) }
            throw error
        }
    }
}
