import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix: WWDC 2021's cache ("Protect mutable state with Swift actors"), and this
// exercise's solution until the explorer made each waiter's wake-up a point (issue 52). Only the
// request that started a download takes its failure out of the cache. The runtime wakes the requests
// that waited one by one, and any may go on first: one that gets the failure before the starter has
// run, and asks again at once, finds the failed download still there and gets its failure again.
// Rare on a machine (the thread waking them must stall in between); the driver and ThreadSanitizer
// pass it, and the schedule explorer finds it with no preemption.
// must fail: explorer
// verdict leads with: ImageCache.swift:28 because "Another task got in while"

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
