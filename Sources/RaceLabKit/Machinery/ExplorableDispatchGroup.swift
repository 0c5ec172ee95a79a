import Dispatch
import Foundation

/// `DispatchGroup` for explored code (`ExploredCode`), as the explorer plays it on its own threads: a
/// count of the work entered and not yet left. `leave()` is a point (another thread may get in before
/// it); the leave that brings the count to zero sends every block waiting in `notify` to its queue
/// there and then, in the order they came, as Dispatch does; `notify` on a group with nothing in it
/// sends its block at once. `wait()` waits, as a lock the group holds while its count is above zero
/// would (so a group nobody leaves is a deadlock the explorer names). Off the explorer's threads it is
/// a `DispatchGroup`.
/// @unchecked Sendable: `state` is `Locked`; the rest are `let`s.
public final class ExplorableDispatchGroup: @unchecked Sendable {
    private let real = DispatchGroup()
    /// Held, in the run's record, while the count is above zero: what `wait()` waits for.
    private let busy = ExplorableLock()
    private let state = Locked<(count: Int, notified: [Notified])>((0, []))

    /// A block waiting in `notify`, with where the attendee's code asked for it.
    private struct Notified {
        let queue: ExplorableDispatchQueue
        let work: @Sendable () -> Void
        let file: StaticString
        let line: UInt

        func send() { queue.async(file: file, line: line, execute: work) }
    }

    public init() {}

    public func enter() {
        guard let thread = ScheduledThread.current else { return real.enter() }
        let first = state.withLock { state -> Bool in
            state.count += 1
            return state.count == 1
        }
        // The group busy while entered more than left: its first enter takes the lock `wait` waits for.
        if first { _ = busy.takeIfFree(on: thread) }
    }

    public func leave(file: StaticString = #fileID, line: UInt = #line) {
        guard let thread = ScheduledThread.current else { return real.leave() }
        thread.pause(at: .point(ExploredCode.label("leave()", file, line)))
        let notified = state.withLock { state -> [Notified]? in
            // Dispatch traps on a leave with nothing entered; so does a run of the explorer.
            precondition(state.count > 0, "DispatchGroup.leave() called more often than enter()")
            state.count -= 1
            guard state.count == 0 else { return nil }
            defer { state.notified = [] }
            return state.notified
        }
        guard let notified else { return }
        thread.run.release(ObjectIdentifier(busy))
        for block in notified { block.send() }
    }

    public func notify(
        qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: ExplorableDispatchQueue,
        file: StaticString = #fileID, line: UInt = #line, execute work: @escaping @Sendable () -> Void
    ) {
        guard ScheduledThread.current != nil else {
            return real.notify(qos: qos, flags: flags, queue: queue.real, execute: work)
        }
        let block = Notified(queue: queue, work: work, file: file, line: line)
        let now = state.withLock { state -> Bool in
            if state.count == 0 { return true }
            state.notified.append(block)
            return false
        }
        if now { block.send() }
    }

    public func wait(file: StaticString = #fileID, line: UInt = #line) {
        guard ScheduledThread.current != nil else { return real.wait() }
        busy.lock(label: ExploredCode.label("wait()", file, line))
        busy.unlock()
    }

    /// A point that finds the group empty, or times out: a schedule where the last leave comes first
    /// is another schedule.
    public func wait(timeout: DispatchTime, file: StaticString = #fileID, line: UInt = #line) -> DispatchTimeoutResult {
        guard ScheduledThread.current != nil else { return real.wait(timeout: timeout) }
        guard busy.tryLock(label: ExploredCode.label("wait(timeout:)", file, line)) else { return .timedOut }
        busy.unlock()
        return .success
    }
}
