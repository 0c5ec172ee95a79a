import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from issue 53's fourth adversarial round (helper-18: it passed 3 of 3 runs):
// the image kept, the download in flight marked, and each request's continuation parked in a list that
// the download resumes; but it is parked by a detached task of its own, not in the actor turn that
// checked. Where the download fails before that task runs, the continuation is parked with nothing
// left to resume it, and the request is never answered.
// must fail: output
// verdict leads with: ImageCache.swift:30 because "park a request's continuation in the same actor turn"

actor ImageCache: ImageSource {
    private var ready: [String: Image] = [:]
    private var inFlight: Set<String> = []
    private var waiters: [String: [CheckedContinuation<Image, Error>]] = [:]

    func image(named name: String) async throws -> Image {
        if let image = ready[name] { return image }
        if !inFlight.contains(name) {
            inFlight.insert(name)
            Task {
                do {
                    let image = try await Network.image(named: name)
                    self.complete(name, .success(image))
                } catch {
                    self.complete(name, .failure(error))
                }
            }
        }
        return try await withCheckedThrowingContinuation { (c: CheckedContinuation<Image, Error>) in
            Task.detached { await self.register(name, c) }
        }
    }

    private func register(_ name: String, _ c: CheckedContinuation<Image, Error>) {
        if let image = ready[name] {
            c.resume(returning: image)
            return
        }
        waiters[name, default: []].append(c)
    }

    private func complete(_ name: String, _ result: Result<Image, Error>) {
        inFlight.remove(name)
        if case .success(let image) = result { ready[name] = image }
        for c in waiters.removeValue(forKey: name) ?? [] { c.resume(with: result) }
    }
}
