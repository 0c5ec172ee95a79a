import Dispatch

/// A stand-in for an asynchronous network call: it returns at once and calls `completion` on a
/// global queue after `latency` lesson seconds, as `URLSession` calls back on a queue of its own.
public func fetch(_ item: String, latency: Double, completion: @escaping @Sendable (String) -> Void) {
    DispatchQueue.global().asyncAfter(lessonSeconds: latency) {
        completion("data for \(item)")
    }
}
