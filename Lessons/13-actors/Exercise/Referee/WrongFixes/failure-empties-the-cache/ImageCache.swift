import RaceLabKit
import Lesson13Support

// Exercise 13, a known wrong fix (issue 53's adversarial round: it passed 3 of 3 when no round asked
// for an image held before a failure after it): the solution, but a failed download empties the whole
// cache, not only its own entry. Every image downloaded before it is downloaded again.
// must fail: output
// verdict leads with: ImageCache.swift:31 because "a failure takes out only its own entry"

actor ImageCache: ImageSource {
    private enum CacheEntry {
        case inProgress(Task<Image, Error>)
        case ready(Image)
    }
    private var cache: [String: CacheEntry] = [:]

    func image(named name: String) async throws -> Image {
        if let cached = cache[name] {
            switch cached {
            case .ready(let image): return image
            case .inProgress(let task): return try await task.value
            }
        }
        let task = Task { try await Network.image(named: name) }
        cache[name] = .inProgress(task)
        do {
            let image = try await task.value
            cache[name] = .ready(image)
            return image
        } catch {
            cache.removeAll()
            throw error
        }
    }
}
