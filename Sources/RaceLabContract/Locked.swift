import Foundation

/// A value guarded by a lock. The library's shared state lives in these, so that the library itself is
/// clean under ThreadSanitizer: only lesson code races, and only where a page teaches it.
/// Sendable only for a Sendable value: `current` hands the value out, and a class instance handed out
/// of the lock would be shared unguarded (Swift 6 mode says so at compile time).
public final class Locked<Value> {
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

// @unchecked Sendable: `value` is read and written under `lock`, and handed out only when Sendable.
extension Locked: @unchecked Sendable where Value: Sendable {}
