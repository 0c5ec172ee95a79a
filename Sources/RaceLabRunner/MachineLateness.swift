import Foundation

/// How late the machine itself was while a page ran: a thread of the runner's that sleeps 10 ms at a
/// time and notes how much longer each sleep took. A page's line that came late by no more than that
/// was late because the machine was busy (a build beside it, a loaded laptop), not because the page
/// is wrong.
final class MachineLateness: @unchecked Sendable {
    private let lock = NSLock()
    private var worst = 0.0  // guarded by lock
    private var running = true  // guarded by lock
    private let stopped = DispatchSemaphore(value: 0)
    static let nap = 0.010

    /// Starts measuring.
    init() {
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                let start = DispatchTime.now().uptimeNanoseconds
                Thread.sleep(forTimeInterval: Self.nap)
                let late = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 - Self.nap
                lock.withLock { worst = max(worst, late) }
            }
            stopped.signal()
        }
    }

    /// Stops measuring; the most real seconds one of its naps overslept.
    func stop() -> Double {
        lock.withLock { running = false }
        stopped.wait()
        return lock.withLock { worst }
    }

    /// Whether every problem of `outcome` is a line that came late by no more than `lateness` real
    /// seconds beyond the runner's allowance (never an early one, which no busy machine makes).
    static func explains(_ outcome: RunOutcome, lateness: Double) -> Bool {
        !outcome.problems.isEmpty
            && outcome.problems.allSatisfy { problem in
                guard case .timing(let mismatch) = problem, !mismatch.timeMisses.isEmpty else { return false }
                return mismatch.timeMisses.allSatisfy { $0.offBy > 0 && $0.offBy / mismatch.speed <= lateness }
            }
    }
}
