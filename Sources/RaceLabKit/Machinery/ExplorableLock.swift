import Foundation

/// A lock the schedule explorer knows. Anywhere else it is an `NSLock`. On a thread the explorer runs,
/// `lock()` is an interleaving point: the explorer picks a thread that waits for it only while nobody
/// holds it, so a locked version of a program can be explored, and shown to have no bad outcome in
/// any schedule. (A plain `NSLock` held across a pause would block the thread for real, and the
/// explorer would stop, saying that a thread never came back.)
/// @unchecked Sendable: its one stored property is a `let` NSLock.
public final class ExplorableLock: @unchecked Sendable {
    private let nsLock = NSLock()

    public init() {}

    public func lock() {
        ScheduledThread.current?.pause(at: .acquire(ObjectIdentifier(self)))
        nsLock.lock()
    }

    public func unlock() {
        nsLock.unlock()
        ScheduledThread.current?.run.release(ObjectIdentifier(self))
    }

    /// Runs `body` holding the lock.
    public func holding<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
