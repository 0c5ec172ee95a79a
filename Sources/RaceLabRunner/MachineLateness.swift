import Foundation
import RaceLabContract

/// How far behind a busy machine puts a page's chain of waits: a thread of the runner's, started with
/// the page, that naps 50 ms at a time and notes, at each wake-up, how much later than the naps alone
/// it is (each nap's lateness, added up). A line at real time t follows a chain of waits too (a sleep,
/// a hop to a queue, a network callback), so a line late at t by no more than the probe's chain was
/// behind at t was late because the machine was busy, not because the page is wrong.
final class MachineLateness: Sendable {
    /// Real seconds from the start, and how far behind the chain was then.
    private let behind = Locked<[Sample]>([Sample(at: 0, by: 0)])
    private let running = Locked(true)
    private let stopped = DispatchSemaphore(value: 0)
    private let start = DispatchTime.now().uptimeNanoseconds
    static let nap = 0.050

    /// Starts measuring.
    init() {
        Thread.detachNewThread { [self] in
            var naps = 0
            while running.current {
                Thread.sleep(forTimeInterval: Self.nap)
                naps += 1
                let now = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                behind.withLock { $0.append(Sample(at: now, by: max(0, now - Double(naps) * Self.nap))) }
            }
            stopped.signal()
        }
    }

    /// Stops measuring; how far behind the chain was at each wake-up, real seconds from the start.
    func stop() -> Lateness {
        running.withLock { $0 = false }
        stopped.wait()
        return Lateness(samples: behind.current)
    }

    struct Sample: Sendable {
        var at: Double, by: Double
    }

    /// The probe's chain, measured.
    struct Lateness {
        var samples: [Sample]

        /// How far behind the chain was by real second `t` (its last wake-up at or before it).
        func behind(at t: Double) -> Double { samples.last { $0.at <= t }?.by ?? 0 }
        /// How far behind it was at its end.
        var atEnd: Double { samples.last?.by ?? 0 }

        /// Whether every problem of `outcome` is a line that came late by no more than the chain was
        /// behind when it came (never an early one, which no busy machine makes).
        func explains(_ outcome: RunOutcome) -> Bool {
            !outcome.problems.isEmpty
                && outcome.problems.allSatisfy { problem in
                    guard case .timing(let mismatch) = problem, !mismatch.timeMisses.isEmpty else { return false }
                    return mismatch.timeMisses.allSatisfy { miss in
                        miss.offBy > 0 && miss.offBy / mismatch.speed <= behind(at: miss.actual / mismatch.speed)
                    }
                }
        }
    }
}
