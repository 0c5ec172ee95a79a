import Foundation

/// A value guarded by a lock. The library's shared state lives in these, so that the library itself is
/// clean under ThreadSanitizer: only lesson code races, and only where a page teaches it.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Reads or changes the value while holding the lock.
    @discardableResult
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    public var current: Value { withLock { $0 } }
}

/// A value behind a lock that ThreadSanitizer does not see: the lock keeps the value whole, but
/// creates no happens-before edge between the threads that take it. For the machinery every thread
/// of a demo shares (the lesson clock, the narration, a driver's tally of torn names): with a lock
/// TSan could see, two threads that both `say` something would look ordered to it, and a race
/// between them would go unreported. Only for plain values (numbers, times, flags): the body must
/// touch nothing but the value.
public final class Unobserved<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    @discardableResult
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try TSanRuntime.unobserved {
            lock.lock()
            defer { lock.unlock() }
            return try body(&value)
        }
    }

    public var current: Value { withLock { $0 } }
}
