import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from issue 53's fifth adversarial round (helper-20: it passed 5 of 5 runs): the
// request that starts a download awaits it, the others park continuations it resumes; on a failure it
// throws the download's error itself, but resumes the others with an error of its own making. A
// download's failure is the answer of every request that waited on it.
// must fail: output
// verdict leads with: ImageCache.swift:11 or ImageCache.swift:30 because "throw its own error"

enum CacheError: Error { case downloadFailed(String) }

actor ImageCache: ImageSource {
    private var images: [String: Image] = [:]
    private var waiting: [String: [CheckedContinuation<Image, Error>]] = [:]

    func image(named name: String) async throws -> Image {
        if let image = images[name] { return image }
        if waiting[name] != nil {
            return try await withCheckedThrowingContinuation { c in waiting[name]!.append(c) }
        }
        waiting[name] = []
        let download = Task.detached { try await Network.image(named: name) }
        do {
            let image = try await download.value
            images[name] = image
            for c in waiting.removeValue(forKey: name) ?? [] { c.resume(returning: image) }
            return image
        } catch {
            for c in waiting.removeValue(forKey: name) ?? [] { c.resume(throwing: CacheError.downloadFailed(name)) }
            throw error
        }
    }
}
