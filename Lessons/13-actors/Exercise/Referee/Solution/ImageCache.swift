import RaceLabKit
import Lesson13Support

// Exercise 13, a solution: WWDC 2021's fix ("Protect mutable state with Swift actors"). The cache
// keeps the download in flight as a Task; every request after the first awaits that Task. The check
// and the store are one stretch of synchronous code, with no `await` between them. The Task is
// unstructured: a requester's cancel does not reach it. A failure is taken out of the cache.

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
            cache[name] = nil
            throw error
        }
    }
}
