import Foundation

/// `Mutex` (Synchronization) for explored code (`ExploredCode`): each `withLock` takes an
/// `ExplorableLock`, so it is a point the explorer may let another thread or task in at, placed at
/// the caller's line. A class, not a `~Copyable` struct: the attendee's uses of a `let` compile the same.
/// @unchecked Sendable: `value` is read and written only holding `lock`.
public final class ExplorableMutex<Value>: @unchecked Sendable {
    private let lock = ExplorableLock()
    private var value: Value

    public init(_ initialValue: sending Value) { value = initialValue }

    public func withLock<Result, E: Error>(
        file: StaticString = #fileID, line: UInt = #line, _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        lock.lock(label: ExploredCode.label("withLock", file, line))
        defer { lock.unlock() }
        return try body(&value)
    }

    public func withLockIfAvailable<Result, E: Error>(
        file: StaticString = #fileID, line: UInt = #line, _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        guard lock.tryLock(label: ExploredCode.label("withLockIfAvailable", file, line)) else { return nil }
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// RaceLabKit's `Locked` for explored code: `withLock` and `current` each take an `ExplorableLock`.
/// @unchecked Sendable: `value` is read and written only holding `lock`.
public final class ExplorableLocked<Value>: @unchecked Sendable {
    private let lock = ExplorableLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    @discardableResult
    public func withLock<Result>(
        file: StaticString = #fileID, line: UInt = #line, _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        try holding(ExploredCode.label("withLock", file, line), body)
    }

    /// A property takes no caller's line: its step is named for what it is.
    public var current: Value { holding("a read of current") { $0 } }

    private func holding<Result>(_ label: String, _ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock(label: label)
        defer { lock.unlock() }
        return try body(&value)
    }
}
