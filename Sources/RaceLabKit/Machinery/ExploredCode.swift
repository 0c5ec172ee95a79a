import Foundation

/// The attendee's own code run by the schedule explorer (`racelab explore N`): the file is compiled
/// beside typealiases that give its `NSLock`, `NSRecursiveLock`, `DispatchSemaphore` and `DispatchQueue` the explorable
/// ones below (a type of the module shadows the one Foundation exports), whose calls take the
/// caller's file and line, so each step of a schedule names the attendee's line it stopped at.
public enum ExploredCode {
    private static let placing = Locked(false)
    /// How many preemptions a schedule of the attendee's code may have: every bug the exercises'
    /// wrong fixes have shows with one (docs/referee/exercise3.md), and two keep an exploration within
    /// seconds.
    public static let preemptionBound = 2
    /// How many schedules an exploration of the attendee's code runs at most (each a few
    /// milliseconds): a file that takes many locks in many tasks has tens of thousands within the
    /// bound, and the attendee waits for the answer. Past it, the exploration says it stopped.
    public static let scheduleLimit = 2_000
    /// The same for the few lines `racelab exercise N` adds to a verdict, which must come within a
    /// second or two: a count, not a time, so that the same file gets the same verdict anywhere.
    public static let briefScheduleLimit = 600
    /// The schedules a brief exploration plays a part with a task's waiters going on at their points,
    /// and no preemption: a few seconds at most.
    public static let briefWakeScheduleLimit = 60
    /// The locks whose takings are points, as a scenario's lanes name them.
    static let lockPoints = "each lock taken (NSLock, NSRecursiveLock, Mutex, Locked)"
    /// `ExplorableTask`'s points.
    static let taskWakePoints = "each task woken when a Task it awaited ended"

    /// Steps are labelled with the attendee's file and line from now on (set before exploring), or,
    /// `false`, no longer.
    public static func placeSteps(_ on: Bool = true) { placing.withLock { $0 = on } }

    /// "randomDelay at Person.swift:22" while steps are placed; else `what` alone, as pages print it.
    public static func label(_ what: String, _ file: StaticString, _ line: UInt) -> String {
        guard placing.current else { return what }
        let name = "\(file)".split(separator: "/").last.map(String.init) ?? "\(file)"
        return "\(what) at \(name):\(line)"
    }
}

extension Page {
    /// Explores a scenario of the attendee's code (`racelab explore N`): its steps placed at their
    /// lines, every schedule with at most `ExploredCode.preemptionBound` preemptions, the simplest
    /// wrong one drawn, and the line the runner reads. `bad`: a wrong outcome (a deadlock always is).
    /// `pausingAlsoAt`: the scenario's own points, besides locks and queues ("each randomDelay").
    /// `brieflyUpTo`: the preemptions a brief exploration goes on to when none with fewer went wrong
    /// (a small scenario, whose schedules with more stay within `ExploredCode.briefScheduleLimit`).
    @MainActor public func exploreTheirCode(
        of what: String, pausingAlsoAt points: String? = nil, brieflyUpTo: Int = ExploredBriefly.preemptionBound,
        bad: @escaping @Sendable (String) -> Bool, _ setup: (Explorer.Program) -> Void
    ) {
        exploringTheirs(
            of: what,
            points:
                "\(ExploredCode.lockPoints), each semaphore wait, each group leave, each queue block\(points.map { ", \($0)" } ?? "")",
            others: "thread",
            brieflyUpTo: brieflyUpTo,
            bad: bad,
            briefly: { try $0.explore(setup) },
            whole: { explorer, wrong in
                self.exploreSchedules(
                    of: what, explorer: explorer, bad: wrong, mark: ExploredVerdict.mark, drawing: 1, checked: false,
                    setup)
            })
    }

    /// `exploreTheirCode` for a scenario of tasks (`Explorer.exploreTasks`): the attendee's actors and
    /// tasks run one job at a time; `points`, where the scenario lets another task in, besides each
    /// lock the attendee's code takes.
    @MainActor public func exploreTheirTasks(
        of what: String, points: String, bad: @escaping @Sendable (String) -> Bool,
        _ setup: (Explorer.TaskProgram) -> Void
    ) {
        // The attendee's own `Task {}`s and the default actors they call run on the explorer's
        // executor too: every global job goes to the run's (`ExplorerGlobalJobs`).
        ExplorerGlobalJobs.start()
        defer { ExplorerGlobalJobs.stop() }
        exploringTheirs(
            of: what, points: "\(points), \(ExploredCode.taskWakePoints), \(ExploredCode.lockPoints)", others: "task",
            bad: bad,
            briefly: { try $0.exploreTasks(setup) },
            whole: { explorer, wrong in
                self.exploreTaskSchedules(
                    of: what, explorer: explorer, bad: wrong, mark: ExploredVerdict.mark, drawing: 1, setup)
            })
    }

    /// The two ways of exploring the attendee's code: `briefly` for `racelab exercise N`'s verdict
    /// (`ExploredBriefly`), else `whole`, with its table and its verdict line.
    @MainActor private func exploringTheirs(
        of what: String, points: String, others: String, brieflyUpTo: Int = ExploredBriefly.preemptionBound,
        bad: @escaping @Sendable (String) -> Bool,
        briefly: (Explorer) throws -> Exploration, whole: (Explorer, @escaping (String) -> Bool) -> Exploration?
    ) {
        ExploredCode.placeSteps()
        let wrong: @Sendable (String) -> Bool = { outcome in
            outcome == "deadlock" || outcome == TaskScheduleRun.waitsForGood || bad(outcome)
        }
        if ProcessInfo.processInfo.environment[ExploredBriefly.variable] == "1" {
            do {
                // At one preemption without the points where a task's waiters go on (thousands of
                // schedules more, past what a verdict can wait for); then, if nothing went wrong, with
                // them and no preemption, where a waiter that goes on late shows: also when the first
                // stopped at its limit (adversarial round 15: a failure kept until its last waiter had
                // looked went wrong at 0 preemptions there, and passed, "could not play").
                var explorer = Explorer(maxPreemptions: ExploredBriefly.preemptionBound)
                explorer.maxSchedules = ExploredCode.briefScheduleLimit
                explorer.stopAtFirst = wrong
                explorer.taskWakePoints = false
                var found = try briefly(explorer)
                if found.simplest(where: wrong) == nil {
                    explorer.taskWakePoints = true
                    explorer.maxPreemptions = 0
                    explorer.maxSchedules = ExploredCode.briefWakeScheduleLimit
                    let woken = try briefly(explorer)
                    // Only what it finds counts, or all it played where the first played all: stopped at
                    // its limit, or after a first that stopped, it leaves the first answer standing.
                    if woken.simplest(where: wrong) != nil || (woken.complete && found.complete) { found = woken }
                }
                // Then, in a scenario small enough, with more preemptions: a bad order that needs two
                // shows (a copy taken in one critical section, the completion claimed in another).
                var played = ExploredBriefly.preemptionBound
                if brieflyUpTo > played && found.simplest(where: wrong) == nil && found.complete {
                    explorer.taskWakePoints = false
                    explorer.maxPreemptions = brieflyUpTo
                    explorer.maxSchedules = ExploredCode.briefScheduleLimit
                    let deeper = try briefly(explorer)
                    if deeper.simplest(where: wrong) != nil || deeper.complete {
                        found = deeper
                        played = brieflyUpTo
                    }
                }
                note(ExploredBriefly.playedMark + "\(played)")
                let simplest = found.simplest(where: wrong)
                if simplest == nil && !found.complete {
                    note(ExploredAllRight.stopped + "no wrong schedule in the first \(found.schedules) it ran")
                }
                for line in ExploredVerdict.briefly(simplest, of: what, among: others) {
                    note(ExploredBriefly.mark + line)
                }
            } catch {
                note(ExploredAllRight.stopped + "\(error)")
            }
            return
        }
        note("The explorer runs one \(others) at a time and lets another in only at the points it controls:")
        note("\(points).")
        var explorer = Explorer(maxPreemptions: ExploredCode.preemptionBound)
        explorer.maxSchedules = ExploredCode.scheduleLimit
        let found = whole(explorer, wrong)
        ExploredVerdict.say(found, bad: wrong, bound: ExploredCode.preemptionBound)
    }
}

/// The last line of an exploration of the attendee's code, which `racelab explore` reads.
public enum ExploredVerdict {
    /// The mark of a wrong outcome in the table.
    public static let mark = "<- wrong"

    /// A wrong schedule in a few lines, for `racelab exercise N`'s verdict: the outcome, where another
    /// thread got in, then each thread's run of steps ("B (rename to Delia Dingle) runs to lock() at
    /// Person.swift:27"); nothing when there is none.
    public static func briefly(_ run: Explorer.Run?, of what: String, among others: String = "thread") -> [String] {
        guard let run else { return [] }
        let letters = run.names.indices.map { Explorer.letters([$0]) }
        // Each stretch of steps one thread ran, with its last step.
        var stretches: [(thread: Int, last: Explorer.LaneStep)] = []
        // Tasks that began at a point they reached in another's step: another got in there too.
        var cameFrom: [(thread: Int, place: String)] = []
        for step in run.lanes {
            if let place = step.cameFrom, !stretches.isEmpty { cameFrom.append((step.thread, place)) }
            if stretches.last?.thread == step.thread {
                stretches[stretches.count - 1].last = step
            } else {
                stretches.append((step.thread, step))
            }
        }
        var named = Set<Int>()
        let told = stretches.map { stretch -> String in
            let who =
                named.insert(stretch.thread).inserted
                ? "\(letters[stretch.thread]) (\(run.names[stretch.thread]))" : letters[stretch.thread]
            return "\(who) \(stretch.last.text)"
        }
        // Where a thread stopped with more to run, and another ran: the point another got in at (not
        // where a task waited for another, which is no point: it could not go on).
        let stopped = stretches.indices.dropLast().compactMap { index -> String? in
            let stretch = stretches[index]
            guard let place = stretch.last.stoppedAt, place != TaskScheduleRun.awaitsAnother,
                stretches[(index + 1)...].contains(where: { $0.thread == stretch.thread })
            else { return nil }
            return "\(letters[stretch.thread]) was at \(place)"
        }
        // The last two, each once: where the schedule turned wrong, not every point on the way.
        let points = (cameFrom.map { "\(letters[$0.thread]) was at \($0.place)" } + stopped)
            .reduce(into: [String]()) { once, point in if !once.contains(point) { once.append(point) } }
            .suffix(2)
        let outcome = run.outcome == "deadlock" ? "a deadlock" : run.outcome
        var lines = [
            "The schedule explorer, playing \(what) through your file, finds one that ends wrong (\(outcome)):"
        ]
        // Where and why before the detail: the point another got in at, then the whole schedule.
        if !points.isEmpty {
            lines.append("  Another \(others) got in while \(points.joined(separator: ", and while ")). The schedule:")
        }
        // The stretches in lines of about 100 characters, cut between stretches.
        var line = ""
        for (index, stretch) in told.enumerated() {
            let piece = stretch + (index == told.count - 1 ? "." : ";")
            if !line.isEmpty && line.count + piece.count > 100 {
                lines.append("  " + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + piece
        }
        lines.append("  " + line)
        if run.outcome == "deadlock" { lines.append("  Then each \(others) left waits for another: none can go on.") }
        if run.outcome == TaskScheduleRun.waitsForGood {
            lines.append("  Then no task left can go on, and nothing will wake one: a continuation never resumed, or a")
            lines.append("  task waiting for one that will not come. A real run hangs there.")
        }
        return lines
    }

    /// Says whether any schedule of `found` ended `bad`ly (the table above says how), or in a
    /// deadlock; nothing after a replay or a problem (`found` nil).
    @MainActor public static func say(_ found: Exploration?, bad: (String) -> Bool, bound: Int? = nil) {
        guard let found else { return }
        let deadlocks = found.count { $0 == "deadlock" }
        let wrong = found.count { $0 != "deadlock" && bad($0) } + deadlocks
        // Each thread ran from its start to its end in one step: nothing in the code was a point.
        let whole = found.runs.allSatisfy { $0.lanes.count <= $0.names.count }
        if wrong == 0 && whole {
            note(
                ExploredAllRight.nothingPlayed + " your code has no point the explorer can let another"
                    + " thread in at: each call ran whole. A race inside it is ThreadSanitizer's to find.")
        } else if wrong == 0 {
            let limit = found.complete ? "" : " run (the explorer stopped at its limit)"
            let within = bound.map { " with at most \($0) preemption\($0 == 1 ? "" : "s")" } ?? ""
            note("\(ExploredAllRight.words): all \(found.schedules) schedules\(within)\(limit).")
        } else {
            let locked = deadlocks == 0 ? "" : deadlocks == wrong ? ", in a deadlock" : " (\(deadlocks) in a deadlock)"
            note(
                "\(wrong) of the \(found.schedules)\(ExploredAllRight.someWrong)\(locked). The simplest is drawn above, each"
                    + " step with the line of your file it stopped at.")
        }
    }
}

/// `NSLocking` for explored code: a lock held as `any NSLocking` takes its steps as the lock it is.
public protocol ExplorableLocking: AnyObject {
    func lock(file: StaticString, line: UInt)
    func unlock(file: StaticString, line: UInt)
}

extension ExplorableLocking {
    /// `lock()` through the protocol, placed at the caller's line.
    public func lock(_ file: StaticString = #fileID, _ line: UInt = #line) { lock(file: file, line: line) }
    public func unlock(_ file: StaticString = #fileID, _ line: UInt = #line) { unlock(file: file, line: line) }
    public func withLock<R>(_ file: StaticString = #fileID, _ line: UInt = #line, _ body: () throws -> R) rethrows -> R
    {
        lock(file: file, line: line)
        defer { unlock(file: file, line: line) }
        return try body()
    }
}

/// `NSLock` for explored code: on a thread the explorer runs, taking it is an interleaving point
/// (`ExplorableLock`); anywhere else it is an `NSLock`.
/// @unchecked Sendable: its stored properties are `let`s.
public final class ExplorableNSLock: ExplorableLocking, @unchecked Sendable {
    private let lock = ExplorableLock()

    public init() {}

    public func lock(file: StaticString = #fileID, line: UInt = #line) {
        lock.lock(label: ExploredCode.label("lock()", file, line))
    }

    public func unlock(file: StaticString = #fileID, line: UInt = #line) { lock.unlock() }

    public func `try`(file: StaticString = #fileID, line: UInt = #line) -> Bool {
        lock.tryLock(label: ExploredCode.label("try()", file, line))
    }

    public func withLock<R>(file: StaticString = #fileID, line: UInt = #line, _ body: () throws -> R) rethrows -> R {
        lock.lock(label: ExploredCode.label("withLock", file, line))
        defer { lock.unlock() }
        return try body()
    }
}

/// `NSRecursiveLock` for explored code: the thread that holds it takes it again without a step.
/// @unchecked Sendable: `owner` and `depth` are read and written only by the thread holding `lock`
/// (or, for `owner`, compared with the reader's own identity: a thread only ever finds itself there).
public final class ExplorableRecursiveLock: ExplorableLocking, @unchecked Sendable {
    private let lock = ExplorableLock()
    private let held = Locked<(owner: Thread?, depth: Int)>((nil, 0))

    public init() {}

    public func lock(file: StaticString = #fileID, line: UInt = #line) {
        take(ExploredCode.label("lock()", file, line))
    }

    private func take(_ label: String) {
        let again = held.withLock { state -> Bool in
            guard state.owner === Thread.current else { return false }
            state.depth += 1
            return true
        }
        if again { return }
        lock.lock(label: label)
        held.withLock { $0 = (Thread.current, 1) }
    }

    public func unlock(file: StaticString = #fileID, line: UInt = #line) {
        let last = held.withLock { state -> Bool in
            state.depth -= 1
            if state.depth == 0 { state.owner = nil }
            return state.depth == 0
        }
        if last { lock.unlock() }
    }

    public func withLock<R>(file: StaticString = #fileID, line: UInt = #line, _ body: () throws -> R) rethrows -> R {
        take(ExploredCode.label("withLock", file, line))
        defer { unlock() }
        return try body()
    }
}
