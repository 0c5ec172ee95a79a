import Foundation

/// The WWDC 2015 sample's operation (lesson 10, DEMOS H1), on RaceLab's thread-safe AsyncOperation:
/// conditions and observers. Subclasses do their work in `execute()` and call `finish(_:)`.
///
/// Unlike the sample, it does not evaluate its conditions inside `isReady` (lesson 10 page 10 shows
/// the race that caused): `ToolkitQueue` evaluates them in an operation of their own, which this one
/// depends on, so Foundation alone decides when it is ready.
/// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); its parts are `Locked`.
open class ToolkitOperation: AsyncOperation, @unchecked Sendable {
    private struct Parts {
        var conditions: [OperationCondition] = []
        var observers: [OperationObserver] = []
        var errors: [Error] = []
        var started = false
        var finished = false
        var evaluations = 0
    }

    private let parts = Locked(Parts())

    public init(_ name: String) {
        super.init()
        self.name = name
    }

    public var conditions: [OperationCondition] { parts.current.conditions }
    public var observers: [OperationObserver] { parts.current.observers }
    /// Why it failed: failed conditions, a timeout, or errors its work reported.
    public var errors: [Error] { parts.current.errors }
    /// Whether its work began (a cancelled operation finishes without starting).
    public var didStart: Bool { parts.current.started }
    /// How many times its conditions were evaluated: once, when it has any.
    public var conditionEvaluations: Int { parts.current.evaluations }

    /// Add conditions before the operation goes on a queue.
    public func addCondition(_ condition: OperationCondition) {
        precondition(state == .ready && !didStart, "conditions are added before the operation is enqueued")
        parts.withLock { $0.conditions.append(condition) }
    }

    public func addObserver(_ observer: OperationObserver) {
        parts.withLock { $0.observers.append(observer) }
    }

    /// The work; call `finish(_:)` when it is done (from any thread, at any time later).
    open func execute() { finish() }

    public final override func main() {
        parts.withLock { $0.started = true }
        for observer in observers { observer.operationDidStart(self) }
        execute()
    }

    /// Hands `operation` to whoever runs this one (its queue adds it): "if an operation decides that it
    /// failed and it wants to show an alert, it can produce or generate an alert operation".
    public func produce(_ operation: Operation) {
        for observer in observers { observer.operation(self, didProduce: operation) }
    }

    /// Ends the operation, once: observers hear of it before any dependent can start.
    public func finish(_ errors: [Error] = []) {
        let first = parts.withLock { parts -> Bool in
            guard !parts.finished else { return false }
            parts.finished = true
            parts.errors += errors
            return true
        }
        guard first else { return }
        let all = self.errors
        for observer in observers { observer.operationDidFinish(self, errors: all) }
        state = .finished
    }

    /// Cancels with a reason, which `errors` and the finish observers report.
    public func cancel(with error: Error) {
        parts.withLock { $0.errors.append(error) }
        cancel()
    }

    open override func finishCancelled() { finish() }

    func countEvaluation() { parts.withLock { $0.evaluations += 1 } }
}

/// An operation's conditions, evaluated as an operation of its own that the operation depends on
/// (the fix proposed in tomwilsn/Operative pull request 52, 2016, which PSOperations issue 93 points to;
/// ProcedureKit's conditions were evaluated the same way, its issue 506 says).
/// It runs once its target's dependencies have finished; a failed condition cancels the target.
/// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); `target` is set in init
/// only (a weak load is atomic).
final class ConditionEvaluation: AsyncOperation, @unchecked Sendable {
    /// Weak: the target depends on this operation, so holds it. A cancelled target finishes without
    /// waiting for it, and may be gone before its conditions answer.
    private weak var target: ToolkitOperation?

    init(_ target: ToolkitOperation) {
        self.target = target
        super.init()
        name = "conditions of \(target.name ?? "an operation")"
    }

    override func main() {
        guard let target else {
            state = .finished
            return
        }
        target.countEvaluation()
        let group = DispatchGroup()
        let failures = Locked<[Error]>([])
        for condition in target.conditions {
            group.enter()
            condition.evaluate(for: target) { error in
                if let error { failures.withLock { $0.append(error) } }
                group.leave()
            }
        }
        group.notify(queue: .global()) { [weak target] in
            for error in failures.current { target?.cancel(with: error) }
            self.state = .finished
        }
    }
}
