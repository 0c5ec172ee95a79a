import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from an adversarial round (issue 53): downloads once, shares the download
// right and takes out a failure, but keeps at most 1,000 images, the oldest let go first, "so the
// cache cannot grow without bound". Every round but one asks for fewer; round 5 asks for 1,200.
// must fail: output
// verdict leads with: ImageCache.swift:29 because "the cache keeps every image it downloaded"

actor ImageCache: ImageSource {
    private enum CacheEntry {
        case inProgress(Task<Image, Error>)
        case ready(Image)
    }
    private var cache: [String: CacheEntry] = [:]
    private var order: [String] = []  // oldest first
    private let limit = 1_000

    func image(named name: String) async throws -> Image {
        let task: Task<Image, Error>
        switch cache[name] {
        case .ready(let image)?: return image
        case .inProgress(let inFlight)?: task = inFlight
        case nil:
            task = Task { try await Network.image(named: name) }
            cache[name] = .inProgress(task)
            order.append(name)
            if order.count > limit {
                let oldest = order.removeFirst()
                if case .ready? = cache[oldest] { cache[oldest] = nil }
            }
        }
        do {
            let image = try await task.value
            cache[name] = .ready(image)
            return image
        } catch {
            if case .inProgress(let inCache)? = cache[name], inCache == task { cache[name] = nil }
            throw error
        }
    }
}
