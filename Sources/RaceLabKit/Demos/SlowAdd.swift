import Foundation
import RaceLabAtomics

/// The demos' toy work (DEMOS E2): adds two numbers, slowly (one lesson second, or what a driver set
/// with `slowAddSeconds`).
public func slowAdd(_ lhs: Int, _ rhs: Int) -> Int {
    let call = racelab_relaxed_add(racelab_slow_add_calls_word(), 1) + 1
    sleep(lessonSeconds: slowAddSeconds)
    if racelab_relaxed_load(racelab_slow_add_end_call_word()) == call,
        let action = UnsafeRawPointer(bitPattern: UInt(racelab_relaxed_load(racelab_slow_add_end_action_word())))
    {
        Unmanaged<SlowAddEnd>.fromOpaque(action).takeUnretainedValue().action()
    }
    return lhs + rhs
}

/// A driver's moment: `action` runs in the thread of the `call`th `slowAdd` from now (1: the next),
/// once its sum is computed, just before it returns. Exercise 8 cancels there: the cancel lands at
/// the very end of a pair, in the operation's own thread, so a check of `isCancelled` before the next
/// pair sees it on every run, and a stale copy of the flag does not. The words are relaxed: they order
/// nothing. Set it before the work starts and clear it after the work has ended.
public func atEndOfSlowAdd(_ call: Int, _ action: @escaping @Sendable () -> Void) {
    clearEndOfSlowAdd()
    let box = Unmanaged.passRetained(SlowAddEnd(action)).toOpaque()
    racelab_relaxed_store(racelab_slow_add_end_action_word(), UInt64(UInt(bitPattern: box)))
    racelab_relaxed_store(racelab_slow_add_end_call_word(), UInt64(slowAddCalls + call))
}

/// Forgets the moment `atEndOfSlowAdd` set, if any.
public func clearEndOfSlowAdd() {
    racelab_relaxed_store(racelab_slow_add_end_call_word(), 0)
    let action = racelab_relaxed_load(racelab_slow_add_end_action_word())
    racelab_relaxed_store(racelab_slow_add_end_action_word(), 0)
    if let box = UnsafeRawPointer(bitPattern: UInt(action)) { Unmanaged<SlowAddEnd>.fromOpaque(box).release() }
}

final class SlowAddEnd: Sendable {
    let action: @Sendable () -> Void
    init(_ action: @escaping @Sendable () -> Void) { self.action = action }
}

/// How long each `slowAdd` takes from now on, in lesson seconds (whole milliseconds): a driver draws
/// it from its seed, so that a fix that waits a fixed time instead of for the sum fails. A relaxed
/// word: it orders no thread.
public var slowAddSeconds: Double {
    get { Double(racelab_relaxed_load(racelab_slow_add_millis_word())) / 1000 }
    set { racelab_relaxed_store(racelab_slow_add_millis_word(), UInt64((newValue * 1000).rounded())) }
}

/// `slowAdd` as an asynchronous function: returns at once and calls back from another thread.
///
/// Each call gets a thread of its own, as a network library calls back from its own threads. On a
/// shared queue, Linux's Dispatch would run only as many sleeping slowAdds at once as there are cores
/// and add threads about once a second (DEMOS A3, lesson 5), so six sums would take three seconds
/// instead of the article's one.
public func asyncAdd(_ lhs: Int, _ rhs: Int, completion: @escaping @Sendable (Int) -> Void) {
    Thread.detachNewThread {
        completion(slowAdd(lhs, rhs))
    }
}

/// How many `slowAdd` calls have started in this process: a driver checks that cancelled work was
/// stopped where it happens, not only left out of the result. A relaxed count: it orders no thread.
public var slowAddCalls: Int { Int(racelab_relaxed_load(racelab_slow_add_calls_word())) }
