import Foundation

/// An observer of the sample's toolkit (lesson 10, DEMOS H1): told of "significant events in operation
/// lifecycle, such as start or the beginning of execution, the end of execution, and also if the
/// operation decides to produce another operation".
public protocol OperationObserver: Sendable {
    func operationDidStart(_ operation: ToolkitOperation)
    func operation(_ operation: ToolkitOperation, didProduce produced: Operation)
    /// Also for an operation cancelled before it started (a failed condition): `errors` says why.
    func operationDidFinish(_ operation: ToolkitOperation, errors: [Error])
}

extension OperationObserver {
    public func operationDidStart(_ operation: ToolkitOperation) {}
    public func operation(_ operation: ToolkitOperation, didProduce produced: Operation) {}
    public func operationDidFinish(_ operation: ToolkitOperation, errors: [Error]) {}
}

/// Blocks for any of the three events ("attach arbitrary blocks to one of those three events").
public struct BlockObserver: OperationObserver {
    let start: @Sendable (ToolkitOperation) -> Void
    let produce: @Sendable (ToolkitOperation, Operation) -> Void
    let finish: @Sendable (ToolkitOperation, [Error]) -> Void

    public init(
        start: @escaping @Sendable (ToolkitOperation) -> Void = { _ in },
        produce: @escaping @Sendable (ToolkitOperation, Operation) -> Void = { _, _ in },
        finish: @escaping @Sendable (ToolkitOperation, [Error]) -> Void = { _, _ in }
    ) {
        self.start = start
        self.produce = produce
        self.finish = finish
    }

    public func operationDidStart(_ operation: ToolkitOperation) { start(operation) }
    public func operation(_ operation: ToolkitOperation, didProduce produced: Operation) {
        produce(operation, produced)
    }
    public func operationDidFinish(_ operation: ToolkitOperation, errors: [Error]) { finish(operation, errors) }
}

/// "Watch to make sure that the operation completes within whatever time interval you specified…
/// and if it takes too long, it's going to automatically cancel it."
public struct TimeoutObserver: OperationObserver {
    public let seconds: Double

    public init(seconds: Double) { self.seconds = seconds }

    public func operationDidStart(_ operation: ToolkitOperation) {
        let limit = seconds
        DispatchQueue.global().asyncAfter(lessonSeconds: limit) {
            guard !operation.isFinished, !operation.isCancelled else { return }
            operation.cancel(with: ConditionFailed("timed out after \(RaceLabKit.seconds(limit))"))
        }
    }
}

/// The status bar's network activity indicator, shown while any network operation runs: "a sort of
/// retain count" that observers increment when an operation starts and decrement when it ends.
/// @unchecked Sendable: its count is `Locked`.
public final class NetworkActivityIndicator: @unchecked Sendable {
    public static let shared = NetworkActivityIndicator()
    private let count = Locked(0)

    /// What the status bar shows, and how many operations hold it.
    public var running: Int { count.current }

    func retain(for name: String) {
        let now = count.withLock { count -> Int in
            count += 1
            return count
        }
        say("\(name) starts: \(now) network operation\(now == 1 ? "" : "s")\(now == 1 ? ", indicator shown" : "")")
    }

    func release(for name: String) {
        let now = count.withLock { count -> Int in
            count -= 1
            return count
        }
        say("\(name) ends: \(now) network operation\(now == 1 ? "" : "s")\(now == 0 ? ", indicator hidden" : "")")
    }
}

/// Holds the indicator while its operation runs; an operation that never started never held it.
public struct NetworkObserver: OperationObserver {
    public init() {}

    public func operationDidStart(_ operation: ToolkitOperation) {
        NetworkActivityIndicator.shared.retain(for: operation.name ?? "an operation")
    }

    public func operationDidFinish(_ operation: ToolkitOperation, errors: [Error]) {
        guard operation.didStart else { return }
        NetworkActivityIndicator.shared.release(for: operation.name ?? "an operation")
    }
}
