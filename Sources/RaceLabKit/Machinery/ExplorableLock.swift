import Foundation
import RaceLabAtomics

/// A lock the schedule explorer knows. Anywhere else it is an `NSLock`. On a thread the explorer runs,
/// and in a task it runs (where the task stops inside its job, `TaskScheduleRun.pauseInJob`),
/// `lock()` is an interleaving point: the explorer picks a thread that waits for it only while nobody
/// holds it, so a locked version of a program can be explored, and shown to have no bad outcome in
/// any schedule. (A plain `NSLock` held across a pause would block the thread for real, and the
/// explorer would stop, saying that a thread never came back.)
/// @unchecked Sendable: its stored properties are `let`s.
public final class ExplorableLock: @unchecked Sendable {
    private let nsLock = NSLock()
    /// Which lock made this is (a relaxed count: it orders nothing): a run names it by the order it was
    /// made in, so that the reduction knows it again in the next run.
    let serial = racelab_relaxed_add(racelab_lock_serial_word(), 1)

    public init() {}

    /// On an explored thread, the explorer's record of who holds it is the lock: one thread runs at a
    /// time, and it picks a thread that wants the lock only while nobody holds it. (So a deadlocked
    /// run's threads can be played out to their ends.)
    public func lock() { lock(label: "lock()") }

    /// `lock()`, called `label` in the schedule's lanes.
    func lock(label: String) {
        if let thread = ScheduledThread.current {
            thread.run.introduce(ObjectIdentifier(self), serial: serial)
            return thread.pause(at: .acquire(ObjectIdentifier(self), label: label))
        }
        if let run = TaskScheduleRun.current {
            // In a cancellation handler no explorer lock is taken (`Interleaving.cancel`): one job
            // runs at a time, so nothing runs beside it.
            if TaskScheduleRun.inCancelHandlers { return }
            return run.takeInJob(ObjectIdentifier(self), label: label)
        }
        nsLock.lock()
    }

    /// Takes a lock nobody has taken yet, without a step (on an explored thread; else it locks).
    func takeFresh() {
        guard let thread = ScheduledThread.current else { return nsLock.lock() }
        precondition(takeIfFree(on: thread), "takeFresh: the lock was held")
    }

    /// On `thread`, an explored one, takes the lock without a step if nobody holds it; whether it did.
    func takeIfFree(on thread: ScheduledThread) -> Bool {
        thread.run.introduce(ObjectIdentifier(self), serial: serial)
        return thread.run.tryAcquire(thread.index, ObjectIdentifier(self))
    }

    /// Takes the lock if nobody holds it. On an explored thread, a point first (another thread may
    /// take it there), called `label` in the lanes.
    func tryLock(label: String) -> Bool {
        if let run = TaskScheduleRun.current {
            run.pauseInJob(at: .point(label))
            return run.tryAcquire(ObjectIdentifier(self))
        }
        guard let thread = ScheduledThread.current else { return nsLock.try() }
        thread.run.introduce(ObjectIdentifier(self), serial: serial)
        thread.pause(at: .point(label))
        return thread.run.tryAcquire(thread.index, ObjectIdentifier(self))
    }

    public func unlock() {
        if let thread = ScheduledThread.current { return thread.run.release(ObjectIdentifier(self)) }
        if let run = TaskScheduleRun.current {
            if TaskScheduleRun.inCancelHandlers { return }
            return run.release(ObjectIdentifier(self))
        }
        nsLock.unlock()
    }

    /// Runs `body` holding the lock.
    public func holding<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
