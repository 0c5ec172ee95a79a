import Foundation
import RaceLabKit

/// The operations of exercise 7's start-up graph, for the attendee's `wireStartup` to connect.
public struct StartupSteps {
    public let settings: Operation
    public let versionCheck: Operation
    public let news: Operation
    public let schedule: Operation
    public let favorites: Operation
    public let saveContext: Operation
}

/// Exercise 7's driver, which is not the attendee's to edit: the conference app's start-up (lesson
/// 7, page 4), six steps wired by the attendee's `wireStartup`. The graph itself is judged first:
/// every step must wait, directly or through another step, for exactly the steps the talk's
/// start-up makes it wait for: no fewer (a step that needs one must not start before it, however the
/// times fall), no more (news and schedule run side by side), no cycle, nothing cancelled. Then the
/// steps run on one queue, each for a time drawn from the seed (0.2 to 0.8 s), added in an order
/// drawn from the seed, under a watchdog, and their start and end times show the order.
public enum StartupExercise {
    /// What each step needs, directly (the talk's graph).
    static let needs: [(String, [String])] = [
        ("settings", []), ("version check", ["settings"]), ("news", ["version check"]), ("schedule", ["version check"]),
        ("favorites", ["schedule"]), ("save context", ["settings", "version check", "news", "schedule", "favorites"]),
    ]

    public static func makeLesson(_ wire: @escaping (StartupSteps) -> Void) -> Lesson {
        let lesson = Lesson("RaceLab exercise 7: wire the start-up, without a cycle", seeded: true)
        lesson.page("The conference app starts up") { page in
            var scenario = page.scenario
            let starts = Locked<[String: Double]>([:])
            let ends = Locked<[String: Double]>([:])
            let durations = needs.map { _ in scenario.seconds(in: 0.2...0.8, step: 0.1) }
            note(
                "Each step takes: " + zip(needs, durations).map { "\($0.0) \(seconds($1))" }.joined(separator: ", ")
                    + ".")
            let made = zip(needs, durations).map { need, duration in
                Step(
                    need.0, duration, narrates: false,
                    onStart: { title in starts.withLock { $0[title] = LessonClock.shared.now } },
                    onFinish: { title in ends.withLock { $0[title] = LessonClock.shared.now } })
            }
            let steps = StartupSteps(
                settings: made[0], versionCheck: made[1], news: made[2], schedule: made[3], favorites: made[4],
                saveContext: made[5])
            wire(steps)
            let graphRight = judgeGraph(made)
            let queue = OperationQueue()
            queue.addOperations(scenario.shuffled(made), waitUntilFinished: false)
            Thread.detachNewThread {
                let finished = Watchdog.run(upTo: durations.reduce(0, +) + 2, "the start-up queue") {
                    queue.waitUntilAllOperationsAreFinished()
                }
                if !finished {
                    let stuck = made.filter { !$0.isFinished }.map(\.title)
                    note(
                        "Never finished: \(stuck.joined(separator: ", ")). A step that waits for itself, through others, never starts."
                    )
                    for operation in made { operation.cancel() }  // lets the queue drain
                }
                let right = checkTimes(starts: starts.current, ends: ends.current) && finished && graphRight
                note(
                    right
                        ? "Every step waited for what it needs, and for nothing else."
                        : "The start-up graph is not right yet.")
                narrate(starts: starts.current, ends: ends.current)
                page.done()
            }
        }
        return lesson
    }

    /// Each step's dependencies, followed through other steps, against the talk's; says what differs.
    static func judgeGraph(_ steps: [Step]) -> Bool {
        let required = closures(needs.map { ($0.0, Set($0.1)) })
        let wired = closures(steps.map { ($0.title, Set(stepsBefore($0))) })
        note("Your graph: each step, and every step it waits for (directly or through another):")
        var right = true
        for (title, _) in needs {
            let waits = needs.map(\.0).filter { wired[title]!.contains($0) }
            note("  \(title): \(waits.isEmpty ? "nothing" : waits.joined(separator: ", "))")
        }
        for (title, _) in needs {
            let missing = needs.map(\.0).filter { required[title]!.contains($0) && !wired[title]!.contains($0) }
            let extra = needs.map(\.0).filter {
                !required[title]!.contains($0) && wired[title]!.contains($0) && $0 != title
            }
            if wired[title]!.contains(title) {
                right = false
                let loop = cycle(from: title, in: steps)
                explain(
                    "\(title) waits for itself, through \(loop.joined(separator: " -> "))"
                        + arrows(zip(loop, loop.dropFirst()).map { ($0, $1) }, in: steps) + ": it can never start."
                )
            }
            if !missing.isEmpty {
                right = false
                explain(
                    "\(title) does not wait for \(missing.joined(separator: ", ")), which it needs: it may start before"
                        + " (no line of `wireStartup` makes it wait)."
                )
            }
            if !extra.isEmpty {
                right = false
                explain(
                    "\(title) waits for \(extra.joined(separator: ", ")), which it does not need"
                        + arrows(extra.map { (title, $0) }, in: steps) + ": it starts later than it could."
                )
            }
        }
        for step in steps where step.isCancelled {
            right = false
            explain("\(step.title) was cancelled: it will never do its work.")
        }
        if right { note("Every step waits for exactly what it needs; news and schedule can run side by side.") }
        return right
    }

    /// The steps `step` waits for directly, or through operations that are not steps (an empty
    /// "everything before is done" operation of the attendee's own, say).
    static func stepsBefore(_ step: Step) -> [String] {
        var titles: [String] = []
        var seen = Set<ObjectIdentifier>()
        var frontier = step.dependencies
        while let next = frontier.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            if let before = next as? Step { titles.append(before.title) } else { frontier += next.dependencies }
        }
        return titles
    }

    /// Every step that each step waits for, directly or through others (a step in its own set: a cycle).
    static func closures(_ direct: [(String, Set<String>)]) -> [String: Set<String>] {
        let edges = Dictionary(direct, uniquingKeysWith: { $0.union($1) })
        var result: [String: Set<String>] = [:]
        for (title, _) in direct {
            var seen = Set<String>()
            var frontier = Array(edges[title] ?? [])
            while let next = frontier.popLast() {
                guard seen.insert(next).inserted else { continue }
                frontier += edges[next] ?? []
            }
            result[title] = seen
        }
        return result
    }

    /// A shortest way from `title` back to itself along the dependencies, for the message.
    /// The arrows among `pairs` (a step, and one it waits for) that the attendee drew directly, as
    /// code: " (`versionCheck.addDependency(schedule)`)", which the runner finds in their file.
    static func arrows(_ pairs: [(String, String)], in steps: [Step]) -> String {
        let direct = pairs.filter { step, before in
            steps.first { $0.title == step }.map { stepsBefore($0).contains(before) } ?? false
        }
        guard !direct.isEmpty else { return "" }
        return " (" + direct.map { "`\(code($0)).addDependency(\(code($1)))`" }.joined(separator: ", ") + ")"
    }

    /// A step's name in `StartupSteps`: "version check" is `versionCheck`.
    static func code(_ title: String) -> String {
        let words = title.split(separator: " ")
        return ([String(words[0])] + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }).joined()
    }

    static func cycle(from title: String, in steps: [Step]) -> [String] {
        let edges = Dictionary(steps.map { ($0.title, stepsBefore($0)) }, uniquingKeysWith: +)
        var paths = [[title]]
        while !paths.isEmpty {
            var longer: [[String]] = []
            for path in paths {
                for next in edges[path.last!] ?? [] {
                    if next == title { return path + [title] }
                    if !path.contains(next) { longer.append(path + [next]) }
                }
            }
            paths = longer
        }
        return [title]
    }

    /// What the run showed: every step ran, and none started before a step it needs had finished.
    static func checkTimes(starts: [String: Double], ends: [String: Double]) -> Bool {
        var right = true
        for (title, before) in needs {
            guard let start = starts[title] else {
                right = false
                note("\(title) never ran.")
                continue
            }
            let early = before.filter { (ends[$0] ?? .infinity) > start + 0.001 }
            if !early.isEmpty {
                right = false
                note("\(title) started before \(early.joined(separator: ", ")) had finished.")
            }
        }
        if right { note("Every step ran, and none started before what it needs had finished.") }
        return right
    }

    /// The steps' starts and ends in time order (ties by name).
    static func narrate(starts: [String: Double], ends: [String: Double]) {
        note("What happened, and when:")
        let events = starts.map { ($0.value, "\($0.key) starts") } + ends.map { ($0.value, "\($0.key) finishes") }
        for (time, what) in events.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) {
            note("\(stamp(time)) \(what)")
        }
    }
}
