import Foundation
import RaceLabAtomics

/// The demos' toy work (DEMOS E2): adds two numbers, slowly (one lesson second, or what a driver set
/// with `slowAddSeconds`).
public func slowAdd(_ lhs: Int, _ rhs: Int) -> Int {
    racelab_relaxed_add(racelab_slow_add_calls_word(), 1)
    sleep(lessonSeconds: slowAddSeconds)
    return lhs + rhs
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
