import RaceLabKit
import Lesson13Support

// Exercise 13, a known wrong fix (from an adversarial round): the shared Task tries a failed download
// again, up to three times, "to be robust". One request for a missing image makes three downloads.
// must fail: output
// verdict leads with: ImageCache.swift:17 because "a failure is the answer for those who waited" or "after a failure, one new download"

actor ImageCache: ImageSource {
    private var tasks: [String: Task<Image, Error>] = [:]

    func image(named name: String) async throws -> Image {
        if let task = tasks[name] { return try await task.value }
        let task = Task { () async throws -> Image in
            var lastError: Error = CancellationError()
            for _ in 1...3 {
                do { return try await Network.image(named: name) } catch { lastError = error }
            }
            throw lastError
        }
        tasks[name] = task
        do {
            return try await task.value
        } catch {
            if tasks[name] == task { tasks[name] = nil }
            throw error
        }
    }
}
