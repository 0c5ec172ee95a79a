import Foundation
import RaceLabKit
import Lesson13Support

// Exercise 13, a wrong fix from issue 53's fifth adversarial round (helper-20: it passed 5 of 5 runs): the
// download a Task in the cache, each request waiting on it through a continuation of its own that a
// cancel answers at once; a request that is cancelled leaves at once and takes nothing out. When every
// request for an image is cancelled and its download then fails, no one takes the failure out, and the
// next request gets it without downloading again.
// must fail: output
// verdict leads with: ImageCache.swift:54 because "even when every request for it was cancelled"

private final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Image, Error>?
    private var early: Result<Image, Error>?
    private var done = false
    func park(_ c: CheckedContinuation<Image, Error>) {
        let r: Result<Image, Error>? = lock.withLock {
            if let e = early {
                done = true
                return e
            }
            continuation = c
            return nil
        }
        if let r { c.resume(with: r) }
    }
    func finish(_ r: Result<Image, Error>) {
        let c: CheckedContinuation<Image, Error>? = lock.withLock {
            if done { return nil }
            guard let c = continuation else {
                if early == nil { early = r }
                return nil
            }
            done = true
            continuation = nil
            return c
        }
        c?.resume(with: r)
    }
}

actor ImageCache: ImageSource {
    private var images: [String: Image] = [:]
    private var loading: [String: Task<Image, Error>] = [:]

    func image(named name: String) async throws -> Image {
        if let image = images[name] { return image }
        let task: Task<Image, Error>
        if let t = loading[name] {
            task = t
        } else {
            task = Task { try await Network.image(named: name) }
            loading[name] = task
        }
        let once = Once()
        do {
            let image = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (c: CheckedContinuation<Image, Error>) in
                    once.park(c)
                    Task.detached {
                        do { once.finish(.success(try await task.value)) } catch { once.finish(.failure(error)) }
                    }
                }
            } onCancel: {
                once.finish(.failure(CancellationError()))
            }
            images[name] = image
            if loading[name] == task { loading[name] = nil }
            return image
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if loading[name] == task { loading[name] = nil }
            throw error
        }
    }
}
