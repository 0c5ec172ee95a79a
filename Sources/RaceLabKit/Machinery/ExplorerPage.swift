import Foundation

/// What a page that explores schedules prints: the outcome table, and each bad outcome's simplest
/// schedule drawn as lanes (a column per thread, a row per step, time going down); or, with
/// `--schedule S`, that one schedule replayed step by step.
extension Page {
    /// Explores every schedule of the program `setup` builds (within `explorer`'s preemption bound; with
    /// its reduction, one a class; in its random mode, PCT's runs), or replays the one `--schedule` asks
    /// for. `bad` picks the outcomes to mark with `mark` (e.g. "<- torn") and draw, the first `drawing`
    /// of them. A full exploration is checked against the partial-order reduction (one more line).
    /// Returns the exploration; nil after a replay, or when the explorer stopped with a problem
    /// (printed). `checked`: false where the reduction's check would only double the wait (the
    /// attendee's code explored, whose steps touch everything).
    @discardableResult
    public func exploreSchedules(
        of what: String, explorer: Explorer = Explorer(), bad: (String) -> Bool, mark: String, drawing: Int = .max,
        checked: Bool = true, _ setup: (Explorer.Program) -> Void
    ) -> Exploration? {
        explored(
            what, explorer, bad, mark, drawing, checked: checked, search: { try $0.explore(setup) },
            replay: { try explorer.replay($0, setup, before: $1, each: $2) })
    }

    /// `exploreSchedules` for a program of tasks (`Explorer.exploreTasks`).
    @discardableResult
    public func exploreTaskSchedules(
        of what: String, explorer: Explorer = Explorer(), bad: (String) -> Bool, mark: String, drawing: Int = .max,
        _ setup: (Explorer.TaskProgram) -> Void
    ) -> Exploration? {
        explored(
            what, explorer, bad, mark, drawing, checked: false, search: { try $0.exploreTasks(setup) },
            replay: { try explorer.replayTasks($0, setup, before: $1, each: $2) })
    }

    typealias Replaying = (String, (Int) -> Void, (Explorer.LaneStep) -> Void) throws -> Explorer.Run

    private func explored(
        _ what: String, _ explorer: Explorer, _ bad: (String) -> Bool, _ mark: String, _ drawing: Int,
        checked: Bool = true, search: (Explorer) throws -> Exploration, replay replaying: Replaying
    ) -> Exploration? {
        if let replay {
            _ = shown(
                replay.schedule, of: what, stepping: replay.stepping, bad: bad, mark: mark, isReplay: true, replaying)
            return nil
        }
        var found: Exploration
        let reduced: Exploration?
        do {
            found = try search(explorer)
            // The reduction runs one schedule of a class, which may not be the class's simplest: the
            // simplest schedule of each outcome drawn is looked for among all (`simplestOfAll`).
            if explorer.reduction == .partialOrder && explorer.random == nil {
                for text in found.outcomes.map(\.text).filter(bad).prefix(drawing) {
                    try found.simplestOfAll(text, explorer: explorer, search)
                }
            }
            // Every full exploration of threads is checked against the reduction: the same outcomes, or a line says
            // which were lost (a footprint that leaves out what its step touches).
            var reducing = explorer
            reducing.reduction = .partialOrder
            // (Not for tasks: their steps have no footprints, so every schedule is its own class.)
            reduced = checked && explorer.reduction == .none && explorer.random == nil ? try search(reducing) : nil
        } catch {
            note(ExploredAllRight.stopped + "\(error)")
            return nil
        }
        let bound = explorer.maxPreemptions.map { " with at most \($0) preemption\($0 == 1 ? "" : "s")" } ?? ""
        // No time here: an explorer page prints the same on every run. scripts/bench asks for it.
        let time =
            ProcessInfo.processInfo.environment["RACELAB_EXPLORER_TIMES"] == "1"
            ? " (explored in \(fixed(found.seconds, decimals: 3)) s)" : ""
        let limit = found.complete ? "" : " (stopped at the limit of \(explorer.maxSchedules))"
        if let random = explorer.random {
            note(
                "\(random.runs) random schedules of \(what) (PCT, depth \(random.depth), seed \(random.seed)):"
                    + " n = \(found.threads) threads, k = \(found.steps) steps.\(time)")
        } else if explorer.reduction == .none {
            note("Every schedule of \(what)\(bound): \(found.schedules) schedules\(limit).\(time)")
        } else if found.reduced {
            note("One schedule of each class of \(what)\(bound): \(found.schedules) classes\(limit).\(time)")
        } else {
            note("The schedules of \(what)\(bound) the partial-order reduction ran: \(found.schedules)\(limit).\(time)")
        }
        table(found, bad: bad, mark: mark, drawing: drawing)
        if let reduced { compare(found, reduced) }
        return found
    }

    /// One line on what the partial-order reduction ran for the same program, when it ran fewer; and,
    /// whenever it found other outcomes, which.
    private func compare(_ found: Exploration, _ reduced: Exploration) {
        let outcomes = Set(found.outcomes.map(\.text))
        let lost = found.outcomes.map(\.text).filter { !reduced.outcomes.map(\.text).contains($0) }
        let extra = reduced.outcomes.map(\.text).filter { !outcomes.contains($0) }
        if !lost.isEmpty || !extra.isEmpty {
            note(
                "  The partial-order reduction found other outcomes than every schedule: lost \(lost), found"
                    + " \(extra). A step's footprint leaves out what it touches.")
        } else if reduced.schedules < found.schedules {
            note(
                reduced.reduced
                    ? "  (partial-order reduction: \(reduced.schedules) classes of equivalent schedules, one run each; the same outcomes)"
                    : "  (partial-order reduction: \(reduced.schedules) runs instead of \(found.schedules); the same outcomes)"
            )
        }
    }

    /// The outcome table, each bad outcome's simplest schedule as lanes, and how to replay one.
    private func table(_ found: Exploration, bad: (String) -> Bool, mark: String, drawing: Int) {
        let width = max(7, found.outcomes.map(\.text.count).max() ?? 0)
        let counted = found.reduced ? "classes" : found.random != nil ? "runs" : "schedules"
        note(
            "  " + "outcome".padding(toLength: width, withPad: " ", startingAt: 0) + "  " + rightAligned(counted, 9)
                + "   share")
        for outcome in found.outcomes {
            let share = fixed(100 * Double(outcome.count) / Double(max(1, found.schedules)), decimals: 1) + "%"
            note(
                "  " + outcome.text.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + rightAligned("\(outcome.count)", 9)
                    + "  " + rightAligned(share, 6) + (bad(outcome.text) ? "   " + mark : ""))
        }
        let first = shareExplained.withLock { explained -> Bool in
            defer { explained = true }
            return !explained
        }
        if first {
            // Lesson 14's README: every interleaving counted once, in sequential consistency.
            note("  (share: a fraction of the schedules run (every interleaving, one a class, or random runs),")
            note("   each counted once; not the chance that a real run ends so)")
        }
        let drawn = found.outcomes.filter { bad($0.text) }
        for outcome in drawn.prefix(drawing) {
            let run = outcome.simplest
            note(
                "The simplest schedule that ends in \(outcome.text): \(run.schedule) (\(run.preemptions) preemption\(run.preemptions == 1 ? "" : "s"))."
            )
            for line in Lanes(names: run.names, steps: run.lanes).lines { note(line) }
        }
        if drawn.count > drawing {
            note("(\(drawn.count - drawing) more marked outcome\(drawn.count - drawing == 1 ? "" : "s"), not drawn.)")
        }
        if let example = found.outcomes.first(where: { bad($0.text) }) {
            // `racelab explore` runs a program the attendee never runs, and replays through itself.
            if let command = ProcessInfo.processInfo.environment[replayCommandVariable] {
                note("Play it again, drawn whole: \(command) --schedule \(example.simplest.schedule)")
            } else {
                note(
                    "Replay a schedule step by step: swift run \(program) \(number) --schedule \(example.simplest.schedule) --step"
                )
            }
        }
    }

    /// Replays one schedule of the program `setup` builds, drawn as lanes, and says its outcome.
    /// Returns the run; nil when the schedule cannot happen there (said why). `stepping`: each row
    /// printed as its step ends, after an Enter.
    @discardableResult
    public func showSchedule(
        _ schedule: String, of what: String, stepping: Bool = false, explorer: Explorer = Explorer(),
        bad: (String) -> Bool, mark: String, _ setup: (Explorer.Program) -> Void
    ) -> Explorer.Run? {
        shown(schedule, of: what, stepping: stepping, bad: bad, mark: mark) {
            try explorer.replay($0, setup, before: $1, each: $2)
        }
    }

    /// `isReplay`: the page's `--schedule`, which the first of its explorations that can play it
    /// replays (`replayTried`); else a schedule the page shows, or the one it replays itself.
    private func shown(
        _ schedule: String, of what: String, stepping: Bool, bad: (String) -> Bool, mark: String,
        isReplay: Bool = false, _ replaying: Replaying
    ) -> Explorer.Run? {
        let given = schedule.uppercased().filter { $0 != " " }
        let run: Explorer.Run
        do {
            if isReplay && replayTried.current.shown { return nil }
            run = try replaying(schedule, { _ in }, { _ in })
            if isReplay { replayTried.withLock { $0.shown = true } }
        } catch {
            let why = "\(given) is not a schedule of \(what): \(error)."
            // A replay's miss is said when the page ends, if no other exploration of it plays it.
            if isReplay { replayTried.withLock { $0.misses.append(why) } } else { note(why) }
            return nil
        }
        note("Schedule \(given) of \(what), step by step:")
        let lines = Lanes(names: run.names, steps: run.lanes).lines  // the columns fit every step
        note(lines[0])
        if stepping {
            // Played again, live (a run is deterministic): each row as its step ends, after an Enter.
            var row = 1
            _ = try? replaying(
                schedule,
                { thread in
                    note("  (Enter: step \(row), \(Explorer.letters([thread])))")
                    _ = readLine()
                },
                { _ in
                    if row < lines.count { note(lines[row]) }
                    row += 1
                })
        } else {
            lines.dropFirst().forEach(note)
        }
        let playedOn = run.schedule == given ? "" : " (played on by the default rule, as \(run.schedule))"
        note("Schedule \(given)\(playedOn) ends in \(run.outcome)\(bad(run.outcome) ? "   " + mark : "")")
        return run
    }

    /// A run drawn as lanes: a column per thread, a row per step.
    public func lanes(of run: Explorer.Run) -> [String] { Lanes(names: run.names, steps: run.lanes).lines }

    private var program: String {
        (CommandLine.arguments.first ?? "lesson").split(separator: "/").last.map(String.init) ?? "lesson"
    }
}

/// A schedule drawn as lanes: a column per thread, a row per step.
struct Lanes {
    let names: [String]
    var steps: [Explorer.LaneStep]

    private var widths: [Int] {
        names.indices.map { thread in
            max(header(thread).count, steps.filter { $0.thread == thread }.map(\.text.count).max() ?? 0)
        }
    }

    private func header(_ thread: Int) -> String { "\(Explorer.letters([thread])): \(names[thread])" }

    var lines: [String] {
        let widths = widths
        let head =
            "  step  "
            + names.indices.map { header($0).padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(
                separator: " | ")
        return [trimmed(head)] + steps.indices.map { row($0, widths) }
    }

    private func row(_ index: Int, _ widths: [Int]) -> String {
        let step = steps[index]
        let cells = names.indices.map {
            ($0 == step.thread ? step.text : "").padding(toLength: widths[$0], withPad: " ", startingAt: 0)
        }
        return trimmed(
            "  " + "\(index + 1)".padding(toLength: 4, withPad: " ", startingAt: 0) + "  "
                + cells.joined(separator: " | "))
    }

    private func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " || line.last == "|" { line.removeLast() }
        return line
    }
}
