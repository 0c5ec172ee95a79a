import RaceLabKit
import Lesson13Support

// Exercise 13, a known wrong fix: a flag that says a download is under way, and a request that finds
// it set is turned away with an error. One download an image, but those requests get no image.
// must fail: output
// verdict leads with: ImageCache.swift:17 because "every request gets the image"

struct StillDownloading: Error {}

actor ImageCache: ImageSource {
    private var cache: [String: Image] = [:]
    private var downloading: Set<String> = []

    func image(named name: String) async throws -> Image {
        if let cached = cache[name] { return cached }
        guard !downloading.contains(name) else { throw StillDownloading() }
        downloading.insert(name)
        defer { downloading.remove(name) }
        let image = try await Network.image(named: name)
        cache[name] = image
        return image
    }
}
