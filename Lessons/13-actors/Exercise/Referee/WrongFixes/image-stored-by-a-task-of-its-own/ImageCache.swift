import RaceLabKit
import Lesson13Support

// Exercise 13, a known wrong fix (issue 53's seventh round: it passed 3 of 3 runs): the download in
// flight is kept as a Task, but once it brings the image, the request that started it takes the entry
// out and leaves the store to a task of its own on the actor. That task's job waits on the actor behind
// the request's turn, and an actor runs a job of higher priority first: a request at higher priority
// that asks the moment the image comes back finds neither the download nor the image, and downloads
// it again.
// must fail: output
// verdict leads with: ImageCache.swift:30 or ImageCache.swift:29 or ImageCache.swift:20 because "store the image before you return it" or "the cache keeps every image it downloaded"

actor ImageCache: ImageSource {
    private var cache: [String: Image] = [:]
    private var inFlight: [String: Task<Image, Error>] = [:]

    func image(named name: String) async throws -> Image {
        if let cached = cache[name] { return cached }
        if let download = inFlight[name] { return try await download.value }
        let download = Task { try await Network.image(named: name) }
        inFlight[name] = download
        let image: Image
        do {
            image = try await download.value
        } catch {
            if inFlight[name] == download { inFlight[name] = nil }
            throw error
        }
        if inFlight[name] == download { inFlight[name] = nil }
        Task { self.store(image, as: name) }
        return image
    }

    private func store(_ image: Image, as name: String) {
        cache[name] = image
    }
}
