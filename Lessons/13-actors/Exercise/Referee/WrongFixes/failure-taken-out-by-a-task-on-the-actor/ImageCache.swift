import RaceLabKit
import Lesson13Support

// Exercise 13, a known wrong fix (issue 53's sixth round: it passed 3 of 3 runs): the failed download
// is taken out of the cache, while it is still that download's, but later, by a task on the actor. Its
// job waits on the actor behind the request's turn, and an actor runs a job of higher priority first:
// a request at higher priority that asks the moment the failure comes back finds the failed download
// still there and gets the same failure.
// must fail: output
// verdict leads with: ImageCache.swift:34 because "not later in a task of its own"

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
            Task { self.forget(name, task) }
            throw error
        }
    }

    private func forget(_ name: String, _ task: Task<Image, Error>) {
        if case .inProgress(let inCache)? = cache[name], inCache == task { cache[name] = nil }
    }
}
