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

lesson.page("Many schedules, few executions: the classes of two renames", explores: true) { page in
    note("Lesson 3's two renames (its page 6): A to Charlie Cheesecake, B to Delia Dingle, each three")
    note("steps: the call, the first name, the last name. But B's call touches nothing of A's: run before")
    note("or after A's write of the first name, it leaves the same state. Two steps of different threads")
    note("are independent when neither writes what the other reads or writes. Swap two independent")
    note("neighbours and you have another schedule of the same execution (a Mazurkiewicz trace, a class).")
    note("Only the order of conflicting steps tells classes apart: here, who writes firstName last and")
    note("who writes lastName last. Each step says what it touches, its footprint:")
    note("  calls changeName: nothing    firstName = …: writes firstName    lastName = …: writes lastName")
    let torn = { (name: String) in !Renames.whole.contains(name) }
    page.exploreSchedules(of: "two renames", bad: torn, mark: "<- torn", Renames.program)
    guard page.replay == nil else { return page.done() }
    note("Dynamic partial-order reduction (Flanagan and Godefroid, 2005; optimal, with wakeup trees,")
    note("Abdulla and others, 2014) finds the classes without listing the schedules: it runs one, finds")
    note("the pairs of conflicting steps that nothing else orders, and tries each pair the other way")
    note("round, once. Explorer(reduction: .partialOrder) runs one schedule of each class:")
    do {
        let classes = try Explorer(reduction: .partialOrder).explore(Renames.program)
        for (number, run) in classes.runs.enumerated() {
            note(
                "Class \(number + 1) of \(classes.schedules): \(run.schedule), ends in \(run.outcome)\(torn(run.outcome) ? "   <- torn" : "")"
            )
            for line in page.lanes(of: run) { note(line) }
        }
        note("\(classes.schedules) runs instead of 20, and every outcome is there. loom (Tokio's checker) and")
        note("CDSChecker explore this way; with a preemption bound on top, as CHESS does (page 3).")
    } catch {
        note("The explorer stopped: \(error)")
    }
    page.done()
}

lesson.page("Three threads: what the reduction saves", explores: true) { page in
    note("Three withdrawals of 70 from 100 (page 2's, with a third thread). A check reads the balance, a")
    note("withdrawal writes it: two checks are independent, a check and a withdrawal are not.")
    let reduced = Explorer(reduction: .partialOrder)
    if let classes = page.exploreSchedules(
        of: "three withdrawals", explorer: reduced, bad: overdrawn, mark: "<- overdrawn", drawing: 1,
        Bank.withdrawals(3, of: 70)),
        let every = try? Explorer().explore(Bank.withdrawals(3, of: 70))
    {
        note(
            "Without the reduction: \(every.schedules) schedules, run in \(fixed(every.seconds, decimals: 2)) s; with it,"
        )
        note("\(classes.schedules) classes, run in \(fixed(classes.seconds, decimals: 2)) s.")
        note(
            Set(every.outcomes.map(\.text)) == Set(classes.outcomes.map(\.text))
                ? "The same \(every.outcomes.count) outcomes either way." : "The outcomes differ: a footprint is wrong."
        )
    }
    // With --schedule S, the ring replays S if the withdrawals could not.
    if page.replay == nil {
        note("")
        note("A ring of three transfers: A moves 10 from X to Y, B from Y to Z, C from Z to X, each holding")
        note("the account it takes from, then the other. A taking of a lock conflicts with every other taking")
        note("of it, so the reduction tries each order of two threads' takings of one lock:")
    }
    if let ring = page.exploreSchedules(
        of: "a ring of three transfers", explorer: reduced, bad: deadlocked, mark: "<- deadlocked", drawing: 1,
        Bank.transfers(among: ["X", "Y", "Z"]))
    {
        let bound = Increments.interleavings(threads: 3, steps: 3)
        note("Without the reduction: at most 9!/(3!·3!·3!) = \(grouped(bound)) schedules (the orders of nine")
        note("steps, three a thread; a thread that waits for a lock cuts some), computed, not run; with it,")
        note("\(ring.schedules) runs, in \(fixed(ring.seconds, decimals: 2)) s: one a class, never a run thrown away.")
        note("Each class is one order of the takings of each lock; the deadlock is the one where each thread")
        note("holds one lock and waits for the next: the deadlock of lesson 4, now with three.")
    }
    page.done()
}

lesson.page("When it is too big: random schedules with a guarantee", explores: true) { page in
    let threads = 4
    let program = Increments.program(threads: threads, times: 2)
    let lost = { (outcome: String) in !outcome.hasSuffix("none lost") }
    if let replay = page.replay {
        page.showSchedule(
            replay.schedule, of: "four threads that increment twice", stepping: replay.stepping, bad: lost,
            mark: "<- updates lost", program)
        return page.done()
    }
    let every = Increments.interleavings(threads: threads, steps: 4)
    note("Four threads each call lesson 4's increment() twice: read, write, read, write. Sixteen steps,")
    note("and 16!/(4!·4!·4!·4!) = \(grouped(every)) schedules: at 3,000 a second, the explorer's pace,")
    let classes = Increments.classes(threads: threads, times: 2)
    note(
        "about \(Int((every / 3000 / 3600).rounded())) hours. Two reads are independent (either order leaves the same state), but a write"
    )
    note(
        "conflicts with every step: \(grouped(Double(classes))) classes (the orders of the eight writes, and where each"
    )
    note(
        "read falls between them), \(Int(every / Double(classes))) times fewer, and still about \(Int((Double(classes) / 3000 / 60).rounded())) minutes at that pace."
    )
    note("PCT (Burckhardt and others, ASPLOS 2010; AWS's shuttle and Microsoft's Coyote use it) runs random")
    note("schedules of a special kind instead. Each run gives the n threads random priorities and always")
    note("runs the highest that can go on; at d-1 steps drawn from the run's k, it drops the thread that")
    note("just ran below every thread not yet dropped. A bug of depth d needs d orderings between steps to")
    note("show (a lost update: one read before another thread's write, two orderings; one priority change")
    note("gives them).")
    note("PCT finds a bug of depth d in a run with probability at least 1/(n·k^(d-1)), whatever the program.")
    if let found = page.exploreSchedules(
        of: "four threads that increment twice", explorer: Explorer(random: 20, depth: 2, seed: 1, steps: 16),
        bad: lost,
        mark: "<- updates lost", drawing: 1, program)
    {
        if let bound = found.pctBound {
            note(
                "Updates lost in \(found.count(where: lost)) of \(found.schedules) runs; the guarantee: at least"
                    + " 1/(\(found.threads)·\(found.steps)) = \(fixed(100 * bound, decimals: 1))% a run.")
        }
    }
    guard let overdraft = try? pctOverdraft() else { return page.done() }
    note("")
    note("Three withdrawals of 70 from 100 (page 5), one PCT run of depth 2 a seed, seeds 1 to 100:")
    note(
        "overdrawn in \(overdraft.found) of 100 runs, the first with seed \(overdraft.first). The bound: n = 3 threads,"
    )
    note(
        "k = \(overdraft.steps) steps, 1/(n·k) = \(fixed(100 * overdraft.bound, decimals: 1))% a run; measured"
            + " \(overdraft.found)%, \(Double(overdraft.found) / 100 >= overdraft.bound ? "at least" : "BELOW") the bound."
    )
    note("Seed \(overdraft.first)'s run, replayed on page 5: swift run lesson14 5 --schedule \(overdraft.schedule)")
    page.done()
}

lesson.page("The same explorer on code written the ordinary way: a seat map", explores: true) { page in
    let doubleBooked = { (outcome: String) in outcome.hasPrefix("both were told") }
    /// Ann and Ben book seat 12A at once, through `book` or `bookAtOnce`.
    func bookings(atOnce: Bool) -> (Explorer.Program) -> Void {
        { program in
            let seats = SeatMap()
            let told = Locked<[String]>([])
            for name in ["Ann", "Ben"] {
                program.thread("\(name) books 12A") {
                    let got = atOnce ? seats.bookAtOnce("12A", for: name) : seats.book("12A", for: name)
                    if got { told.withLock { $0.append(name) } }
                }
            }
            program.outcome {
                let holder = seats.holder(of: "12A") ?? "nobody's"
                return told.current.count == 2
                    ? "both were told they got 12A; it is \(holder)'s" : "\(told.current.joined()) got 12A"
            }
        }
    }
    ExploredCode.placeSteps()  // each step names the line of SeatMap.swift it stopped at
    defer { ExploredCode.placeSteps(false) }
    if let replay = page.replay {
        page.showSchedule(
            replay.schedule, of: "two bookings", stepping: replay.stepping, bad: doubleBooked,
            mark: "<- double-booked", bookings(atOnce: false))
        return page.done()
    }
    note("SeatMap.swift is written as anyone writes it: a dictionary of seats behind an NSLock, every access")
    note("under the lock. book(_:for:) checks that the seat is free, then takes it, each in a critical")
    note("section of its own. Its one added line, private typealias NSLock = ExplorableNSLock, makes each")
    note("lock() a point the explorer controls; nothing else in it was written for the explorer.")
    page.exploreSchedules(
        of: "two bookings", bad: doubleBooked, mark: "<- double-booked", drawing: 1, checked: false,
        bookings(atOnce: false))
    note("")
    note("With the check and the take in one critical section (bookAtOnce):")
    if let found = page.exploreSchedules(
        of: "two bookings at once", bad: doubleBooked, mark: "<- double-booked", checked: false,
        bookings(atOnce: true))
    {
        note("Double-booked in \(found.count(where: doubleBooked)) of \(found.schedules).")
    }
    note("This is what racelab explore does with an exercise file (exercises 3 and 4): the same typealias,")
    note("compiled beside the file instead of in it, and a scenario of the exercise's own.")
    page.done()
}

/// A whole number with its thousands grouped: 63,063,000.
func grouped(_ value: Double) -> String {
    var digits = String(Int(value))
    var groups: [String] = []
    while digits.count > 3 {
        groups.insert(String(digits.suffix(3)), at: 0)
        digits.removeLast(3)
    }
    return ([digits] + groups).joined(separator: ",")
}

/// Page 6's count: three withdrawals, one PCT run of depth 2 for each seed from 1 to 100.
@MainActor
func pctOverdraft() throws -> (found: Int, first: Int, schedule: String, steps: Int, bound: Double) {
    var found = 0
    var first = 0
    var schedule = ""
    var steps = 0
    for seed in 1...100 {
        // k = 6: three withdrawals of two steps at most.
        let run = try Explorer(random: 1, depth: 2, seed: UInt64(seed), steps: 6).explore(Bank.withdrawals(3, of: 70))
        steps = max(steps, run.steps)
        if let overdraft = run.outcomes.first(where: { overdrawn($0.text) }) {
            found += 1
            if first == 0 { (first, schedule) = (seed, overdraft.simplest.schedule) }
        }
    }
    // The bound with the longest run seen as k: a larger k only lowers it.
    return (found, first, schedule, steps, 1 / (3 * Double(steps)))
}

lesson.run()
