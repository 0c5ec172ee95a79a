import Foundation

/// The threads the explorer runs a program's threads on, kept for the next run instead of made anew:
/// an exploration makes a run per schedule, and a new thread for each of its threads cost more than
/// the run's steps (README, "Speed"). A thread whose job ends waits for the next; one left waiting at a
/// deadlock is never handed back, as before.
enum ExplorerThreads {
    /// A kept thread, and the job it is to run next.
    /// @unchecked Sendable: `job` is read and written holding `condition`.
    private final class Worker: @unchecked Sendable {
        let condition = NSCondition()
        var job: (@Sendable () -> Void)?

        func give(_ job: @escaping @Sendable () -> Void) {
            condition.locked {
                self.job = job
                condition.signal()
            }
        }

        /// Runs jobs for good, going back to the idle list after each.
        func loop() {
            while true {
                let job = condition.locked { () -> @Sendable () -> Void in
                    while self.job == nil { condition.wait() }
                    defer { self.job = nil }
                    return self.job!
                }
                job()
                ExplorerThreads.idle.withLock { $0.append(self) }
            }
        }
    }

    private static let idle = Locked<[Worker]>([])
    private static let made = Locked(0)

    /// How many threads have been made so far (a test's measure of what is kept).
    static var threadsMade: Int { made.current }

    /// Runs `job` on a kept thread, or on a new one when none is free.
    static func run(_ job: @escaping @Sendable () -> Void) {
        if let worker = idle.withLock({ $0.popLast() }) {
            worker.give(job)
            return
        }
        let worker = Worker()
        made.withLock { $0 += 1 }
        worker.give(job)
        let thread = Thread { worker.loop() }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
