import Foundation
import RaceLabContract

/// What `racelab` alone does: it leads an attendee through the exercises. It shows where they are,
/// takes the first exercise not passed yet, shows its task (or checks it, once it has been edited),
/// checks it again each time it is saved, gives a hint on `h`, and on a PASS moves on to the next.
public enum LeadEvent: Equatable {
    /// The attendee saved a file of the exercise being watched.
    case saved
    /// `h`: the next hint. `n`: on to the next exercise not passed. `q`: stop.
    case hint, next, quit
    /// Anything else typed: said what the keys are.
    case unknown(String)

    /// A line typed while it leads.
    init(typed: String) {
        switch typed.trimmingCharacters(in: .whitespaces).lowercased() {
        case "h", "hint": self = .hint
        case "n", "next": self = .next
        case "q", "quit", "exit": self = .quit
        case let other: self = .unknown(other)
        }
    }
}

/// One attendee's session of `racelab` alone: the exercise it watches and the last verdict on it.
/// Its `handle` is the whole behaviour, so that tests can play events to it.
final class Lead {
    let runner: Runner
    private(set) var current: ExerciseInfo?
    private var last: ExerciseVerdict?

    /// Takes `runner` over: a PASS moves on here rather than naming the next command, and the next
    /// hint is a key away.
    init(runner: Runner) {
        self.runner = runner
        runner.suggestsNext = false
        runner.hintAgain = "Type h and Enter again"
    }

    static let keys =
        "Save your file to check it · h Enter: a hint · n Enter: the next exercise · q Enter or Ctrl-C: stop"

    /// Where the attendee is, and the first exercise not passed: its task, or a check when it has been
    /// edited. False when every exercise has passed.
    func begin() throws -> Bool {
        runner.print(progressLine())
        guard let first = nextUnfinished(after: nil) else {
            runner.print("Every exercise has passed. racelab list shows them all; racelab help, every command.")
            return false
        }
        try take(first)
        return true
    }

    /// Plays one event; false when the session is over.
    func handle(_ event: LeadEvent) throws -> Bool {
        guard let exercise = current else { return false }
        switch event {
        case .quit:
            runner.print(
                "Stopped. Your files are as you saved them; racelab alone starts again at the first exercise not passed."
            )
            return false
        case .hint:
            runner.print("")
            try runner.hint(exercise.number)
            runner.print(Self.keys)
        case .next:
            guard let next = nextUnfinished(after: exercise.number), next.number != exercise.number else {
                runner.print("Exercise \(exercise.number) is the only one not passed yet: it stays.")
                return true
            }
            runner.print("")
            runner.print("Leaving exercise \(exercise.number) as it is (racelab alone comes back to it).")
            try take(next)
        case .unknown(let typed):
            if !typed.isEmpty { runner.print("'\(typed)' is not a key here. \(Self.keys)") }
        case .saved:
            runner.print("")
            runner.print("— saved; checking exercise \(exercise.number) again —")
            return try check(exercise)
        }
        return true
    }

    /// Checks `exercise`; on a PASS, moves on. False when that was the last exercise.
    private func check(_ exercise: ExerciseInfo) throws -> Bool {
        let verdict = try runner.checkExercise(exercise.number, previous: last)
        last = verdict
        guard verdict == .passed else {
            runner.print(Self.keys)
            return true
        }
        runner.print("")
        runner.print(progressLine())
        guard let next = nextUnfinished(after: exercise.number) else {
            runner.print("That was the last one: every exercise has passed. Well done.")
            current = nil
            return false
        }
        try take(next)
        return true
    }

    /// Watches `exercise` from now: shows its task when it is as it started, checks it otherwise.
    private func take(_ exercise: ExerciseInfo) throws {
        current = exercise
        last = nil
        let files = exercise.attendeeFiles.map { "\(exercise.folder)/\($0)" }.joined(separator: ", ")
        runner.print("")
        runner.print("Exercise \(exercise.number) (\(files)):")
        let state = runner.state(of: exercise, in: Progress.load(root: runner.workspace.root))
        if state == .notStarted || state == .resetAfterPassing {
            for line in task(of: exercise) { runner.print(line.isEmpty ? "" : "  " + line) }
            runner.print(
                "It belongs to lesson \(exercise.number): run it first if you have not (swift run lesson\(exercise.number))."
            )
            runner.print(Self.keys)
            return
        }
        _ = try check(exercise)
    }

    /// The task, as the attendee's file states it: its first comment block, without the comment marks.
    func task(of exercise: ExerciseInfo) -> [String] {
        guard let file = exercise.attendeeFiles.first,
            let text = try? String(
                contentsOfFile: "\(runner.workspace.root)/\(exercise.folder)/\(file)", encoding: .utf8)
        else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let block = lines.drop { !$0.hasPrefix("//") }.prefix { $0.hasPrefix("//") }
        // The commands it names are for when nothing leads: here a save checks it, and h gives a hint.
        return block.map { String($0.dropFirst(2).drop { $0 == " " }) }.filter { !$0.contains("swift run racelab") }
    }

    /// "Exercises: 2 of 15 passed  [##.............]  now: lesson 3". `#` passed, `+` edited, `.` not started.
    func progressLine() -> String {
        let progress = Progress.load(root: runner.workspace.root)
        let exercises = runner.workspace.lessons.compactMap(\.exercise)
        let states = exercises.map { runner.state(of: $0, in: progress) }
        let bar = states.map { state -> String in
            switch state {
            case .passed: return "#"
            case .notStarted, .resetAfterPassing: return "."
            case .editedNotChecked, .notYet, .editedSincePassing: return "+"
            }
        }.joined()
        let passed = states.filter { $0 == .passed }.count
        return "Exercises: \(passed) of \(exercises.count) passed  [\(bar)]  (# passed, + begun, . not started)"
    }

    /// The first exercise not passed, after `number` (then from the start), or nil when all have.
    func nextUnfinished(after number: Int?) -> ExerciseInfo? {
        let progress = Progress.load(root: runner.workspace.root)
        let exercises = runner.workspace.lessons.compactMap(\.exercise)
        let ordered =
            number.map { number in exercises.filter { $0.number > number } + exercises.filter { $0.number <= number } }
            ?? exercises
        return ordered.first { runner.state(of: $0, in: progress) != .passed }
    }
}

extension Runner {
    /// `racelab` alone: leads the attendee until they stop it or every exercise has passed.
    public func lead(poll: Double = 0.1) throws {
        let lead = Lead(runner: self)
        guard try lead.begin() else { return }
        let typed = TypedLines()
        var watched = ""
        var watcher = FileWatcher(paths: [])
        while let exercise = lead.current {
            if exercise.folder != watched {
                watched = exercise.folder
                watcher = FileWatcher(
                    paths: exercise.attendeeFiles.map { "\(workspace.root)/\(exercise.folder)/\($0)" })
            }
            Thread.sleep(forTimeInterval: poll)
            let event: LeadEvent
            if let line = typed.next() {
                event = LeadEvent(typed: line)
            } else if watcher.changed() {
                watcher.waitUntilStill(poll: poll)
                event = .saved
            } else {
                continue
            }
            guard try lead.handle(event) else { return }
        }
    }
}

/// Lines typed on stdin, read on a thread of their own so that watching never waits for a key. At
/// the end of stdin (none, or a pipe that closed) no more come, and the files are still watched.
/// @unchecked Sendable: `lines` is `Locked`.
final class TypedLines: @unchecked Sendable {
    private let lines = Locked([String]())

    init() {
        Thread.detachNewThread { [lines] in
            while let line = readLine() { lines.withLock { $0.append(line) } }
        }
    }

    func next() -> String? {
        lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
