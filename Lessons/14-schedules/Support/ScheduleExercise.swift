import RaceLabKit

/// Exercise 14's driver: replays the attendee's schedules and says whether each ends in its target.
/// Deterministic: the explorer runs the same schedule the same way every time, so there is no seed.
public enum ScheduleExercise {
    /// What the attendee is asked to find: a program of Bank's and the outcome a schedule must end in.
    struct Target {
        let task: String
        /// The attendee's constant that holds its schedule (Schedules.swift).
        let constant: String
        let program: String
        let setup: (Explorer.Program) -> Void
        let outcome: String
    }

    static var targets: [Target] {
        [
            Target(
                task: "Task 1: the bank pays out 70, and the balance still ends at 150",
                constant: "withdrawalBuriedByDeposit",
                program: "a deposit of 50 during a withdrawal of 70, from 100",
                setup: Bank.depositDuringWithdrawal(), outcome: "balance 150"),
            Target(
                task: "Task 2: three withdrawals of 40 from 100 are all paid",
                constant: "threeWithdrawalsPaid",
                program: "three withdrawals of 40",
                setup: Bank.withdrawals(3, of: 40), outcome: "balance -20, paid A and B and C"),
            Target(
                task: "Task 3: three transfers in a ring deadlock",
                constant: "ringOfTransfersDeadlocks",
                program: "transfers X to Y, Y to Z and Z to X",
                setup: Bank.transfers(among: ["X", "Y", "Z"]), outcome: "deadlock"),
        ]
    }

    /// Says in one line whether `schedule` ends in the target's outcome, and if not, where it ends.
    /// Returns nil when it does, else that line for the summary.
    static func judge(_ schedule: String, for target: Target) -> String? {
        guard !schedule.isEmpty else {
            note("  Not yet: no schedule written in Schedules.swift.")
            return "no schedule written"
        }
        let written = schedule.uppercased().filter { $0 != " " }
        do {
            let run = try Explorer().replay(schedule, target.setup)
            let played = run.schedule == written ? written : "\(written), played on as \(run.schedule),"
            if run.outcome == target.outcome {
                note("  Found: \(played) ends in \(target.outcome).")
                return nil
            }
            note("  Not yet: \(played) ends in \(run.outcome), not \(target.outcome).")
            return "\(played) ends in \(run.outcome), not \(target.outcome)"
        } catch {
            note("  Not yet: \(written) cannot happen: \(error).")
            return "\(written) cannot happen (\(error))"
        }
    }

    /// The exercise's one page: `schedules` are the attendee's three answers, in the tasks' order.
    public static func makeLesson(_ schedules: [String]) -> Lesson {
        // Not seeded: nothing here is drawn (its transcript says `seeded: no`).
        let lesson = Lesson("RaceLab exercise 14: find the schedule")
        lesson.page("Find the schedule for each outcome") { page in
            let answers = schedules + Array(repeating: "", count: max(0, targets.count - schedules.count))
            var notYet: [String] = []
            for (number, (target, schedule)) in zip(targets, answers).enumerated() {
                note(target.task)
                if let why = judge(schedule, for: target) {
                    // The constant in backticks, with its `let`: the runner points at its line.
                    notYet.append("task \(number + 1) (`let \(target.constant)`): \(why)")
                }
            }
            // Each schedule drawn, to read where it went.
            for (target, schedule) in zip(targets, answers) where !schedule.isEmpty {
                note("")
                page.showSchedule(
                    schedule, of: target.program, bad: { $0 == target.outcome }, mark: "(the target: found)",
                    target.setup)
            }
            note("")
            // The verdict last; not yet, it is the driver's account of what is wrong, which the attendee's
            // verdict shows first (`explain`).
            if notYet.isEmpty {
                note(
                    "All \(targets.count) found. Each replays the same way on every run: the explorer decides every step."
                )
            } else {
                // One line a task not yet found, each pointed at its line of Schedules.swift in the verdict.
                note(
                    "Not yet, \(targets.count - notYet.count) of \(targets.count) found; the lanes above draw each schedule."
                )
                for line in notYet { explain(line) }
            }
            page.done()
        }
        return lesson
    }
}
