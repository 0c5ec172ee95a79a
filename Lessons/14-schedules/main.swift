// Lesson 14 — Every interleaving: the schedule explorer (issue 25). Lessons 3, 4, 6 and 13 each end with a
// page that explores one of their races; this lesson is about the explorer itself: what a schedule
// is, how to read one, and why a bound on preemptions finds most bugs in few schedules.
// Support/Bank.swift holds the programs, which exercise 14 uses too.
import RaceLabKit
import Lesson14Support

let lesson = Lesson("RaceLab lesson 14: every interleaving, the schedule explorer")

let overdrawn = { (outcome: String) in outcome.hasPrefix("balance -") }
let deadlocked = { (outcome: String) in outcome == "deadlock" }

lesson.page("A schedule, step by step: two withdrawals", explores: true) { page in
    if let replay = page.replay {  // --schedule S: that one instead of the page's two
        page.showSchedule(
            replay.schedule, of: "two withdrawals", stepping: replay.stepping, bad: overdrawn, mark: "<- overdrawn",
            Bank.withdrawals(2, of: 70))
        return page.done()
    }
    note("Lesson 13's bank account, on threads: A and B each withdraw 70 from 100. withdraw() checks the")
    note("balance, waits for a fraud check, then takes the money. The explorer runs one thread at a time")
    note("and pauses a thread only at its interleaving points, here the fraud check: each withdrawal is")
    note("two steps. A schedule names, step by step, the thread that takes the step: AAB is all of A,")
    note("then B, whose check finds 30 and refuses: one step.")
    page.showSchedule("AAB", of: "two withdrawals", bad: overdrawn, mark: "<- overdrawn", Bank.withdrawals(2, of: 70))
    note("")
    note("ABAB: B checks while A waits for its fraud check, so both checks see 100.")
    page.showSchedule("ABAB", of: "two withdrawals", bad: overdrawn, mark: "<- overdrawn", Bank.withdrawals(2, of: 70))
    note("A schedule can stop early: after its last letter, the default rule plays on: the thread that")
    note("ran last goes on while it can, then the first by letter. AB plays as ABBA. Replay any with")
    note("--schedule, one step per Enter with --step:")
    note("  swift run lesson14 1 --schedule AB --step")
    page.done()
}

lesson.page("Every schedule of two withdrawals", explores: true) { page in
    note("A withdrawal is two steps (check; take), or one when its check finds too little and it returns.")
    if let found = page.exploreSchedules(
        of: "two withdrawals", bad: overdrawn, mark: "<- overdrawn", Bank.withdrawals(2, of: 70))
    {
        note(
            "Overdrawn in \(found.count(where: overdrawn)) of \(found.schedules): whenever both checks come before either withdrawal."
        )
    }
    note("")
    note("With the account's lock held around the check, the fraud check and the act (an ExplorableLock):")
    if let found = page.exploreSchedules(
        of: "two locked withdrawals", bad: overdrawn, mark: "<- overdrawn", Bank.withdrawals(2, of: 70, locked: true))
    {
        note(
            "Overdrawn in \(found.count(where: overdrawn)) of \(found.schedules): a thread that waits for the lock cannot be picked."
        )
        note("No schedule of these two withdrawals was left out, and every access to the balance is under")
        note("the lock, so there is nothing between two points to interleave: no order overdraws. A race")
        note("between two points is not the explorer's to see: that is ThreadSanitizer's (lesson 3, page 2).")
    }
    page.done()
}

lesson.page("Fewer preemptions, fewer schedules: two transfers that deadlock", explores: true) { page in
    note("A moves 10 from account X to Y, holding X's lock and then Y's; B moves 10 from Y to X, holding")
    note("Y's, then X's: lesson 4's two locks in opposite orders. A preemption is a switch away from a")
    note("thread that could have gone on. CHESS (Microsoft Research) bounds them: most concurrency bugs")
    note("need only a few, and a small bound leaves far fewer schedules to run. Counted:")
    if page.replay == nil { preemptionTable() }
    note("No preemption: one transfer runs whole, then the other, and nothing deadlocks. One is enough:")
    if page.exploreSchedules(
        of: "two transfers", explorer: Explorer(maxPreemptions: 1), bad: deadlocked, mark: "<- deadlocked",
        Bank.transfers(among: ["X", "Y"])) != nil
    {
        note("Each holds the lock the other waits for. The explorer sees it as a state where no thread can")
        note("take a step; a real run would hang there (lesson 4, page 11).")
    }
    page.done()
}

/// Page 3's table: the schedules of the two transfers, and the deadlocked ones, for each bound.
@MainActor
func preemptionTable() {
    note("  preemptions  schedules  deadlocked")
    for bound in [0, 1, 2, nil] as [Int?] {
        do {
            let found = try Explorer(maxPreemptions: bound).explore(Bank.transfers(among: ["X", "Y"]))
            let label = bound.map { "at most \($0)" } ?? "any"
            note(
                "  " + label.padding(toLength: 11, withPad: " ", startingAt: 0) + "  "
                    + rightAligned(String(found.schedules), 9)
                    + "  " + rightAligned(String(found.count(where: deadlocked)), 10))
        } catch {
            note("The explorer stopped: \(error)")
        }
    }
}

lesson.run()
