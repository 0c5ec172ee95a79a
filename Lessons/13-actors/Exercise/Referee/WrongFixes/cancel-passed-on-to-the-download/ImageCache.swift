import RaceLabKit
import Lesson13Support

// Exercise 13, a known wrong fix (hint 3): the in-flight Task kept right, and each request passes its
// own cancel on to it with `withTaskCancellationHandler`, so that a cancelled request stops waiting at
// once. But that Task is everyone's download: one cancelled request cancels it for all of them.
// must fail: output
// verdict leads with: ImageCache.swift:23 because "another request's cancel cancelled" or "one download an image, whoever asks"

actor ImageCache: ImageSource {
    private enum CacheEntry {
        case inProgress(Task<Image, Error>)
        case ready(Image)
    }
    private var cache: [String: CacheEntry] = [:]

    func image(named name: String) async throws -> Image {
        if case .ready(let image)? = cache[name] { return image }
        let task: Task<Image, Error>
        if case .inProgress(let running)? = cache[name] {
            task = running
        } else {
            task = Task { try await Network.image(named: name) }
            cache[name] = .inProgress(task)
        }
        do {
            let image = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
            cache[name] = .ready(image)
            return image
        } catch {
            cache[name] = nil
            throw error
        }
    }
}
