import Foundation

/// RaceLab's asynchronous operation: the pattern of the RWDevCon and article demos (DEMOS E1), made
/// thread-safe (E5). Subclass it, start the asynchronous work in `main()`, and set
/// `state = .finished` when the work calls back. Every lesson uses this one; lesson 6 shows the
/// canonical version beside it, and the race ThreadSanitizer finds in that one.
///
/// What differs from the canonical version:
/// - `state` lives under a lock, because the callback sets it on one thread while the queue reads
///   `isFinished` on another;
/// - `start()` marks the operation executing *before* calling `main()`, so a callback that comes
///   back at once cannot be overwritten (finished → executing, and the operation never ends);
/// - a finished operation stays finished.
/// @unchecked Sendable: Operation is `@unchecked Sendable` in Foundation on both platforms (corelibs
/// Operation.swift; NSOperation.h: NS_SWIFT_SENDABLE), so a subclass restates it; its state is under
/// `stateLock`.
open class AsyncOperation: Operation, @unchecked Sendable {
    public enum State: String, Sendable {
        case ready, executing, finished

        /// The key the operation machinery observes: "isReady", "isExecuting", "isFinished".
        fileprivate var keyPath: String { "is" + rawValue.capitalized }
    }

    private let stateLock = NSLock()
    private var storedState = State.ready

    public var state: State {
        get {
            stateLock.lock()
            defer { stateLock.unlock() }
            return storedState
        }
        set {
            stateLock.lock()
            let old = storedState
            let changes = old != newValue && old != .finished
            if changes { storedState = newValue }
            stateLock.unlock()
            guard changes else { return }
            // Announced outside the lock: observers read `state` back. (Foundation on Linux acts on
            // the did-change notifications only; Apple's wants both.)
            willChangeValue(forKey: old.keyPath)
            willChangeValue(forKey: newValue.keyPath)
            didChangeValue(forKey: old.keyPath)
            didChangeValue(forKey: newValue.keyPath)
        }
    }

    open override var isReady: Bool { super.isReady && state == .ready }
    open override var isExecuting: Bool { state == .executing }
    open override var isFinished: Bool { state == .finished }
    open override var isAsynchronous: Bool { true }

    open override func start() {
        if isCancelled {
            finishCancelled()
            return
        }
        state = .executing
        main()
    }

    /// A cancelled operation that runs finishes at once; one that has not started yet finishes when
    /// its queue starts it (finishing before that makes Foundation complain that it "went
    /// isFinished=YES without being started by the queue it is in").
    open override func cancel() {
        super.cancel()
        if state == .executing { finishCancelled() }
    }

    /// How a cancelled operation ends: finished at once. A subclass that tells others overrides it.
    open func finishCancelled() { state = .finished }
}
