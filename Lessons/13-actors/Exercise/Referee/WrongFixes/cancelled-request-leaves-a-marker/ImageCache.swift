import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from an adversarial round (it passed 13 of 13 before round 2 had a first
// request cancelled before it asks): the first request marks the image as loading, then, already
// cancelled, leaves before it starts the download. The mark stays, and every later request for that
// image waits on it for good; the driver's watchdog ends the run.
// must fail: timeout
// verdict leads with: ImageCache.swift:18 because "Something waits forever"

actor ImageCache: ImageSource {
    private var cache: [String: Image] = [:]
    private var waiters: [String: [CheckedContinuation<Image, Error>]] = [:]

    func image(named name: String) async throws -> Image {
        if let cached = cache[name] { return cached }
        if waiters[name] != nil {
            return try await withCheckedThrowingContinuation { waiters[name, default: []].append($0) }
        }
        waiters[name] = []
        try Task.checkCancellation()  // a cancelled request need not start a download
        let task = Task { try await Network.image(named: name) }
        let result = await task.result
        if case .success(let image) = result { cache[name] = image }
        for waiter in waiters.removeValue(forKey: name) ?? [] { waiter.resume(with: result) }
        return try result.get()
    }
}
