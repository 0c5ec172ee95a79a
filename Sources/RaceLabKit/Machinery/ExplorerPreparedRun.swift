extension Explorer {
    /// A run of a program, set up and ready to play: what the explorer schedules, and how its
    /// outcome is read. Made afresh for every schedule, from a program of threads or (ExplorerTasks.swift)
    /// of tasks.
    struct PreparedRun {
        let run: any Schedulable
        let outcome: () -> String

        init(program: Program, _ setup: (Program) -> Void) throws {
            setup(program)
            self.init(run: program.run, outcome: try Self.requireOutcomeReader(program.outcomeReader))
        }

        /// The setup's outcome reader; a problem when the setup gave none.
        static func requireOutcomeReader(_ outcome: (() -> String)?) throws -> () -> String {
            guard let outcome else {
                throw Problem(description: "the program has no outcome: call program.outcome { … } in the setup")
            }
            return outcome
        }

        init(run: any Schedulable, outcome: @escaping () -> String) {
            self.run = run
            self.outcome = outcome
        }
    }
}
