import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Network {
    /// The image `name` as an async call (lessons 12 and 13): the same `URLSession` data task as
    /// `download(named:completion:)`, its completion resuming a checked continuation exactly once. A
    /// cancel of the calling task cancels the data task (`withTaskCancellationHandler`), which then
    /// completes with URLSession's -999, thrown as `CancellationError`.
    public static func image(named name: String) async throws -> Image {
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                handle.started(
                    download(named: name) { image, error in
                        if let image { return continuation.resume(returning: image) }
                        continuation.resume(
                            throwing: error == .cancelled ? CancellationError() : URLError(error ?? .unknown))
                    })
            }
        } onCancel: {
            handle.cancel()
        }
    }
}

/// A download's data task, for the cancellation handler, which may run on any thread, before the task
/// exists or after. A lock inside a class that promises `@unchecked Sendable`, and keeps the promise.
/// @unchecked Sendable: `task` and `cancelled` are read and written under `lock`.
private final class DataTaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func started(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelNow = cancelled
        lock.unlock()
        if cancelNow { task.cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
