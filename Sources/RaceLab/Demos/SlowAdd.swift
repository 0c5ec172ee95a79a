import Foundation

/// The demos' toy work (DEMOS E2): adds two numbers, slowly (one lesson second).
public func slowAdd(_ lhs: Int, _ rhs: Int) -> Int {
    sleep(lessonSeconds: 1)
    return lhs + rhs
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
