import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from issue 40's second adversarial round (it passed 3 of 3 before round 3
// had its second part): a cancelled request stops waiting at once and the download goes on for the
// others, as the task allows; but only the request that started a download takes its failure out of
// the cache. When that request was cancelled before the download failed, nobody does: the failure is
// kept, and every request after it gets it.
// must fail: output
// verdict leads with: ImageCache.swift:28 because "whoever is still waiting when it fails takes it out" or "after a failure, one new download"

actor ImageCache: ImageSource {
    private enum CacheEntry {
        case inProgress(Task<Image, Error>)
        case ready(Image)
    }
    private var cache: [String: CacheEntry] = [:]

    init() {}

    func image(named name: String) async throws -> Image {
        if let cached = cache[name] {
            switch cached {
            case .ready(let image): return image
            case .inProgress(let task): return try await waitUnlessCancelled(for: task)
            }
        }
        let task = Task { try await Network.image(named: name) }
        cache[name] = .inProgress(task)
        do {
            let image = try await waitUnlessCancelled(for: task)
            cache[name] = .ready(image)
            return image
        } catch is CancellationError {
            throw CancellationError()  // only this request gave up: the download goes on
        } catch {
            if case .inProgress(let current) = cache[name], current == task { cache[name] = nil }
            throw error
        }
    }
}

/// Waits for `task`'s value, or throws CancellationError as soon as the caller is cancelled; `task`
/// itself is never cancelled. The continuation is resumed once: by the result or by the cancel.
private func waitUnlessCancelled(for task: Task<Image, Error>) async throws -> Image {
    let slot = Locked<CheckedContinuation<Image, Error>?>(nil)
    let cancelled = Locked(false)
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Image, Error>) in
            let alreadyCancelled = cancelled.withLock { isCancelled -> Bool in
                if !isCancelled { slot.withLock { $0 = continuation } }
                return isCancelled
            }
            if alreadyCancelled { return continuation.resume(throwing: CancellationError()) }
            Task {
                let result = await task.result
                slot.withLock { waiting in
                    defer { waiting = nil }
                    return waiting
                }?.resume(with: result)
            }
        }
    } onCancel: {
        cancelled.withLock { $0 = true }
        slot.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }?.resume(throwing: CancellationError())
    }
}
