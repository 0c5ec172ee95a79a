import RaceLab

/// Exercise 14's driver: replays the attendee's schedules and says whether each ends in its target.
/// Deterministic: the explorer runs the same schedule the same way every time, so there is no seed.
public enum ScheduleExercise {
    /// What the attendee is asked to find: a program of Bank's and the outcome a schedule must end in.
    struct Target {
        let task: String
        let program: String
        let setup: (Explorer.Program) -> Void
        let outcome: String
    }

    static var targets: [Target] { [
        Target(
            task: "Task 1: the bank pays out 70, and the balance still ends at 150",
            program: "a deposit of 50 during a withdrawal of 70, from 100",
            setup: Bank.depositDuringWithdrawal(), outcome: "balance 150"),
        Target(
            task: "Task 2: three withdrawals of 40 from 100 are all paid",
            program: "three withdrawals of 40",
            setup: Bank.withdrawals(3, of: 40), outcome: "balance -20, paid A and B and C"),
        Target(
            task: "Task 3: three transfers in a ring deadlock",
            program: "transfers X to Y, Y to Z and Z to X",
            setup: Bank.transfers(among: ["X", "Y", "Z"]), outcome: "deadlock"),
    ] }

    /// Says in one line whether `schedule` ends in the target's outcome, and if not, where it ends.
    static func judge(_ schedule: String, for target: Target) -> Bool {
        guard !schedule.isEmpty else {
            note("  Not yet: no schedule written in Schedules.swift.")
            return false
        }
        let written = schedule.uppercased().filter { $0 != " " }
        do {
            let run = try Explorer().replay(schedule, target.setup)
            let played = run.schedule == written ? "" : " plays on as \(run.schedule) and"
            if run.outcome == target.outcome {
                note("  Found: \(run.schedule) ends in \(target.outcome).")
                return true
            }
            note("  Not yet: \(written)\(played) ends in \(run.outcome), not \(target.outcome) (swift run exercise14 draws it).")
        } catch {
            note("  Not yet: \(written) cannot happen: \(error).")
        }
        return false
    }

    /// The exercise's one page: `schedules` are the attendee's three answers, in the tasks' order.
    public static func makeLesson(_ schedules: [String]) -> Lesson {
        // Seeded, as every exercise is (the runner passes a seed); nothing here draws from it.
        let lesson = Lesson("RaceLab exercise 14: find the schedule", seeded: true)
        lesson.page("Find the schedule for each outcome") { page in
            let answers = schedules + Array(repeating: "", count: max(0, targets.count - schedules.count))
            var found = 0
            for (target, schedule) in zip(targets, answers) {
                note(target.task)
                if judge(schedule, for: target) { found += 1 }
            }
            note(found == targets.count
                ? "All \(targets.count) found. Each replays the same way on every run: the explorer decides every step."
                : "\(found) of \(targets.count) found.")
            // Then each schedule drawn, to read where it went.
            for (target, schedule) in zip(targets, answers) where !schedule.isEmpty {
                note("")
                page.showSchedule(schedule, of: target.program, bad: { $0 == target.outcome }, mark: "<- the target", target.setup)
            }
            page.done()
        }
        return lesson
    }
}
