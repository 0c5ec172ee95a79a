// Racy on purpose (page 10): the design of the WWDC 2015 sample's Operation, as pluralsight/PSOperations
// carried it from 2015. Conditions are evaluated from inside the `isReady` getter: a state read under
// a lock, then a state change under the lock again, with nothing holding the two together. Every
// access is locked, so ThreadSanitizer has nothing to report; the state machine does.
import Foundation
import RaceLabKit
import Lesson10Support

// @unchecked Sendable: Operation is `@unchecked Sendable` in Foundation on both platforms (corelibs
// Operation.swift; NSOperation.h: NS_SWIFT_SENDABLE), so a subclass restates it; its state is under
// `stateLock` (page 10's race is in the logic, not the data).
class SampleOperation: Operation, @unchecked Sendable {
    enum State: Int {
        case initialized, pending, evaluatingConditions, ready, executing, finished

        /// The sample's allowed transitions (PSOperations' `canTransitionToState`).
        func canTransition(to next: State) -> Bool {
            switch (self, next) {
            case (.initialized, .pending), (.pending, .evaluatingConditions), (.evaluatingConditions, .ready),
                (.ready, .executing), (.executing, .finished):
                return true
            default:
                return false
            }
        }
    }

    /// What the sample's `assert(_state.canTransitionToState(newState))` would have stopped on.
    static let invalidTransitions = Locked<[String]>([])

    let title: String
    /// How many times the conditions were evaluated (once is right).
    let evaluations = Locked(0)
    private let stateLock = NSLock()
    private var storedState = State.initialized

    init(_ title: String) {
        self.title = title
        super.init()
        name = title
    }

    var state: State {
        get {
            stateLock.lock()
            defer { stateLock.unlock() }
            return storedState
        }
        set {
            // The sample posts "state", and isReady, isExecuting, isFinished depend on it; here the keys
            // themselves are posted, each will before the change and did after it, as KVO requires on
            // Apple's platforms (README, "On a Mac"). Foundation on Linux ignores the will and acts on the did.
            let keys = Self.keys(changedBy: newValue)
            for key in keys { willChangeValue(forKey: key) }
            stateLock.lock()
            let old = storedState
            if old != .finished {  // the sample's guard: a finished operation stays finished
                if !old.canTransition(to: newValue) {
                    Self.invalidTransitions.withLock { $0.append("\(title): \(old) -> \(newValue)") }
                }
                storedState = newValue
            }
            stateLock.unlock()
            for key in keys { didChangeValue(forKey: key) }
        }
    }

    /// The Operation keys whose value a change to `state` may change.
    private static func keys(changedBy state: State) -> [String] {
        switch state {
        case .ready: ["isReady"]
        case .executing: ["isExecuting"]
        case .finished: ["isExecuting", "isFinished"]
        default: []
        }
    }

    /// The sample's queue calls this as it adds the operation.
    func willEnqueue() { state = .pending }

    override var isReady: Bool {
        switch state {
        case .initialized:
            return isCancelled
        case .pending:
            if super.isReady { evaluateConditions() }  // check, then act: two threads can both get here
            return false
        case .ready:
            return super.isReady || isCancelled
        default:
            return false
        }
    }

    /// Foundation's readiness alone (every dependency finished), read without evaluating anything.
    var dependenciesFinished: Bool { super.isReady }

    override var isExecuting: Bool { state == .executing }
    override var isFinished: Bool { state == .finished }
    override var isAsynchronous: Bool { true }

    /// The conditions are evaluated on another thread (the sample's evaluator: a dispatch group, notified
    /// on a global queue); then the operation is ready.
    private func evaluateConditions() {
        state = .evaluatingConditions
        evaluations.withLock { $0 += 1 }
        DispatchQueue.global().async { self.state = .ready }
    }

    override func start() {
        state = .executing
        state = .finished
    }
}

/// The sample's OperationQueue: it tells each operation it is being enqueued.
/// @unchecked Sendable: no state of its own; OperationQueue keeps its own under its lock.
final class SampleQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ operation: Operation) {
        (operation as? SampleOperation)?.willEnqueue()
        super.addOperation(operation)
    }
}
