import RaceLabKit
import Lesson13Support

// Exercise 13, a solution: WWDC 2021's fix ("Protect mutable state with Swift actors"). The cache
// keeps the download in flight as a Task; every request after the first awaits that Task. The check
// and the store are one stretch of synchronous code, with no `await` between them. The Task is
// unstructured: a requester's cancel does not reach it. A failure is taken out of the cache by the
// first request it reaches, whichever that is: the runtime wakes the requests one by one, and a new
// request can come in between them, so each looks, and takes the entry out only while it is still
// the failed download's.

actor ImageCache: ImageSource {
    private enum CacheEntry {
        case inProgress(Task<Image, Error>)
        case ready(Image)
    }
    private var cache: [String: CacheEntry] = [:]

    func image(named name: String) async throws -> Image {
        let task: Task<Image, Error>
        switch cache[name] {
        case .ready(let image)?: return image
        case .inProgress(let inFlight)?: task = inFlight
        case nil:
            task = Task { try await Network.image(named: name) }
            cache[name] = .inProgress(task)
        }
        do {
            let image = try await task.value
            cache[name] = .ready(image)
            return image
        } catch {
            // Whoever the failure reaches first takes it out, while it is still this download's.
            if case .inProgress(let inCache)? = cache[name], inCache == task { cache[name] = nil }
            throw error
        }
    }
}
