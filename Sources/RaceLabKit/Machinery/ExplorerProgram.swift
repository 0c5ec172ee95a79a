import Foundation

extension Explorer {
    /// The program one run plays, built afresh by the page's setup for every schedule.
    /// @unchecked Sendable: `outcomeReader` is set and read by the thread that builds the run; `run` has its
    /// own lock.
    public final class Program: @unchecked Sendable {
        let run = ScheduleRun()
        var outcomeReader: (() -> String)?

        init() {}

        /// Adds a thread, lettered in the order added (A, B, …). `steps` says what each of its steps
        /// does, for the schedule's lanes; a step it does not name shows the point it stops at.
        /// `touching` says what each step touches, for the partial-order reduction (`Footprint`): a step
        /// past the list touches everything.
        public func thread(
            _ name: String, steps: [String] = [], touching footprints: [Footprint] = [],
            _ body: @escaping @Sendable () -> Void
        ) {
            run.start(name: name, steps: steps, touching: footprints, body)
        }

        /// How the outcome of a run is read, once every thread has finished.
        public func outcome(_ read: @escaping () -> String) { outcomeReader = read }
    }
}
