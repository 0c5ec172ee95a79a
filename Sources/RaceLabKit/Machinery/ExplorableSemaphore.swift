import Dispatch
import Foundation
import RaceLabAtomics

/// `DispatchSemaphore` for explored code (`ExploredCode`): on a thread the explorer runs, `wait()` is
/// an interleaving point, and the explorer picks a thread waiting there only while the count is above
/// zero (so a semaphore of one is a lock, and one of zero a signal another thread sends); `signal()`
/// adds one, and lets whoever waits be picked. A `wait` with a timeout is a point that takes one if the
/// count allows and else times out: a schedule where the signal comes first is another schedule. The
/// count lives in the run (`ScheduleRun`), so every schedule starts from the value it was made with.
/// Off the explorer's threads it is a `DispatchSemaphore`.
/// @unchecked Sendable: its stored properties are `let`s.
public final class ExplorableSemaphore: @unchecked Sendable {
    private let real: DispatchSemaphore
    private let value: Int
    /// Its name in a run's footprints, as an `ExplorableLock`'s.
    private let serial = racelab_relaxed_add(racelab_lock_serial_word(), 1)

    public init(value: Int) {
        real = DispatchSemaphore(value: value)
        self.value = value
    }

    public func wait(file: StaticString = #fileID, line: UInt = #line) {
        guard let thread = ScheduledThread.current else { return real.wait() }
        thread.run.introduce(ObjectIdentifier(self), serial: serial)
        thread.pause(at: .wait(ObjectIdentifier(self), initial: value, label: ExploredCode.label("wait()", file, line)))
    }

    public func wait(timeout: DispatchTime, file: StaticString = #fileID, line: UInt = #line) -> DispatchTimeoutResult {
        guard let thread = ScheduledThread.current else { return real.wait(timeout: timeout) }
        return tryWait(thread, ExploredCode.label("wait(timeout:)", file, line))
    }

    public func wait(wallTimeout: DispatchWallTime, file: StaticString = #fileID, line: UInt = #line)
        -> DispatchTimeoutResult
    {
        guard let thread = ScheduledThread.current else { return real.wait(wallTimeout: wallTimeout) }
        return tryWait(thread, ExploredCode.label("wait(wallTimeout:)", file, line))
    }

    /// Adds one. Returns nonzero when a thread waited, as Dispatch's does.
    @discardableResult
    public func signal() -> Int {
        guard let thread = ScheduledThread.current else { return real.signal() }
        thread.run.introduce(ObjectIdentifier(self), serial: serial)
        return thread.run.signal(ObjectIdentifier(self), initial: value) ? 1 : 0
    }

    private func tryWait(_ thread: ScheduledThread, _ label: String) -> DispatchTimeoutResult {
        thread.run.introduce(ObjectIdentifier(self), serial: serial)
        thread.pause(at: .point(label))
        return thread.run.tryWait(ObjectIdentifier(self), initial: value) ? .success : .timedOut
    }
}
