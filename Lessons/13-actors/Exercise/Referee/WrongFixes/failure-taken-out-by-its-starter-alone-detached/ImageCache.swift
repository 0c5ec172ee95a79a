import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from issue 53's fifth adversarial round (it passed 5 of 5): as
// `failure-taken-out-by-its-starter-alone`, only the request that started a download takes its
// failure out, but the download is a `Task.detached`. The explorer did not play a detached task (it
// carried none of the run's task-locals); now `ExplorableTask.detached` gives it them, and the
// explorer finds the request that asks again before the starter has run, with no preemption.
// must fail: explorer
// verdict leads with: ImageCache.swift:26 because "Another task got in while"

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
        let task = Task.detached { try await Network.image(named: name) }
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
