import Foundation

/// What a page that explores schedules prints: the outcome table, and each bad outcome's simplest
/// schedule drawn as lanes (a column per thread, a row per step, time going down); or, with
/// `--schedule S`, that one schedule replayed step by step.
extension Page {
    /// Explores every schedule of the program `setup` builds (within `explorer`'s preemption bound), or
    /// replays the one `--schedule` asks for. `bad` picks the outcomes to mark with `mark` (e.g.
    /// "<- torn") and draw. Returns the exploration; nil after a replay, or when the explorer stopped
    /// with a problem (printed).
    @discardableResult
    public func exploreSchedules(
        of what: String, explorer: Explorer = Explorer(), bad: (String) -> Bool, mark: String,
        _ setup: (Explorer.Program) -> Void
    ) -> Exploration? {
        explored(
            what, explorer, bad, mark, search: { try explorer.explore(setup) },
            replay: { try explorer.replay($0, setup, before: $1, each: $2) })
    }

    /// `exploreSchedules` for a program of tasks (`Explorer.exploreTasks`).
    @discardableResult
    public func exploreTaskSchedules(
        of what: String, explorer: Explorer = Explorer(), bad: (String) -> Bool, mark: String,
        _ setup: (Explorer.TaskProgram) -> Void
    ) -> Exploration? {
        explored(
            what, explorer, bad, mark, search: { try explorer.exploreTasks(setup) },
            replay: { try explorer.replayTasks($0, setup, before: $1, each: $2) })
    }

    typealias Replaying = (String, (Int) -> Void, (Explorer.LaneStep) -> Void) throws -> Explorer.Run

    private func explored(
        _ what: String, _ explorer: Explorer, _ bad: (String) -> Bool, _ mark: String,
        search: () throws -> Exploration, replay replaying: Replaying
    ) -> Exploration? {
        if let replay {
            shown(replay.schedule, of: what, stepping: replay.stepping, bad: bad, mark: mark, replaying)
            return nil
        }
        let found: Exploration
        do {
            found = try search()
        } catch {
            note("The explorer stopped: \(error)")
            return nil
        }
        let bound = explorer.maxPreemptions.map { " with at most \($0) preemption\($0 == 1 ? "" : "s")" } ?? ""
        // No time here: an explorer page prints the same on every run. scripts/bench asks for it.
        let time =
            ProcessInfo.processInfo.environment["RACELAB_EXPLORER_TIMES"] == "1"
            ? " (explored in \(fixed(found.seconds, decimals: 3)) s)" : ""
        note(
            "Every schedule of \(what)\(bound): \(found.schedules) schedules\(found.complete ? "" : " (stopped at the limit of \(explorer.maxSchedules))").\(time)"
        )
        table(found, bad: bad, mark: mark)
        return found
    }

    /// The outcome table, each bad outcome's simplest schedule as lanes, and how to replay one.
    private func table(_ found: Exploration, bad: (String) -> Bool, mark: String) {
        let width = max(7, found.outcomes.map(\.text.count).max() ?? 0)
        note("  " + "outcome".padding(toLength: width, withPad: " ", startingAt: 0) + "  schedules   share")
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
            note("  (share: of the schedules played, each counted once; not how often a real run ends so)")
        }
        for outcome in found.outcomes where bad(outcome.text) {
            let run = outcome.simplest
            note(
                "The simplest schedule that ends in \(outcome.text): \(run.schedule) (\(run.preemptions) preemption\(run.preemptions == 1 ? "" : "s"))."
            )
            for line in Lanes(names: run.names, steps: run.lanes).lines { note(line) }
        }
        if let example = found.outcomes.first(where: { bad($0.text) }) {
            note(
                "Replay a schedule step by step: swift run \(program) \(number) --schedule \(example.simplest.schedule) --step"
            )
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

    private func shown(
        _ schedule: String, of what: String, stepping: Bool, bad: (String) -> Bool, mark: String,
        _ replaying: Replaying
    ) -> Explorer.Run? {
        let given = schedule.uppercased().filter { $0 != " " }
        let run: Explorer.Run
        do {
            run = try replaying(schedule, { _ in }, { _ in })
        } catch {
            note("\(given) is not a schedule of \(what): \(error).")
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
