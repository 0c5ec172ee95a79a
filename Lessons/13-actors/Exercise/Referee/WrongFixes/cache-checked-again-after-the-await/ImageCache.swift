import RaceLabKit
import Lesson13Support

// Exercise 13, a known wrong fix (hint 1): the cache checked again after the `await`, before storing.
// It stores the first image and hands later ones the cached copy, but by then every request in flight
// has started its own download.
// must fail: output
// verdict leads with: ImageCache.swift:15 because "one download an image, whoever asks"

actor ImageCache: ImageSource {
    private var cache: [String: Image] = [:]

    func image(named name: String) async throws -> Image {
        if let cached = cache[name] { return cached }
        let image = try await Network.image(named: name)
        if let cached = cache[name] { return cached }
        cache[name] = image
        return image
    }
}
