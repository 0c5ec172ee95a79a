import Dispatch
import Foundation
import RaceLabAtomics

/// A deterministic schedule explorer (stateless model checking, as in CHESS and loom): it runs a
/// small program's threads one at a time, lets a thread be paused only at interleaving points
/// (`randomDelay`, `sleep(lessonSeconds:)`, `Interleaving.point`, an `ExplorableLock`'s `lock()`),
/// and runs the program again from a fresh start for every schedule: every order in which its
/// threads can take their steps, or every one with at most `maxPreemptions` preemptions. It counts
/// the outcomes and keeps, for each, its simplest schedule (fewest preemptions, first found).
///
/// A schedule is written with a letter per step, the letter of the thread that takes it: "AABBBA" is
/// two steps of A, three of B, then A's last. A shorter string is a schedule's start: the rest follows
/// the default rule, the thread that ran last goes on while it can, then the first by letter.
public struct Explorer: Sendable {
    /// The program one run plays, built afresh by the page's setup for every schedule.
    /// @unchecked Sendable: `outcomeReader` is set and read by the thread that builds the run; `run` has its
    /// own lock.
    public final class Program: @unchecked Sendable {
        let run = ScheduleRun()
        var outcomeReader: (() -> String)?

        init() {}

        /// Adds a thread, lettered in the order added (A, B, …). `steps` says what each of its steps
        /// does, for the schedule's lanes; a step it does not name shows the point it stops at.
        public func thread(_ name: String, steps: [String] = [], _ body: @escaping @Sendable () -> Void) {
            run.start(name: name, steps: steps, body)
        }

        /// How the outcome of a run is read, once every thread has finished.
        public func outcome(_ read: @escaping () -> String) { outcomeReader = read }
    }

    /// Why a run did not end with an outcome.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// One run: the schedule it followed and what came of it.
    public struct Run: Sendable {
        /// The thread of each step (0 for A).
        public let choices: [Int]
        public let preemptions: Int
        /// The outcome, or "deadlock" when every thread left waits for a lock.
        public let outcome: String
        public let names: [String]
        public let lanes: [LaneStep]

        public var schedule: String { Explorer.letters(choices) }
    }

    /// What one step did, for the lanes.
    public struct LaneStep: Sendable {
        public let thread: Int
        public let text: String
    }

    public var maxPreemptions: Int?
    /// A safety limit: an exploration stops after this many schedules and says so.
    public var maxSchedules = 20_000
    /// A thread that does not come back to an interleaving point within this many real seconds waits
    /// for something the explorer does not schedule: the run stops with a problem.
    public var stepTimeLimit: TimeInterval = 10
    static let maxSteps = 400

    public init(maxPreemptions: Int? = nil) {
        self.maxPreemptions = maxPreemptions
    }

    /// Every schedule of the program `setup` builds (within the preemption bound).
    public func explore(_ setup: (Program) -> Void) throws -> Exploration {
        try search { try Built(program: Program(), setup) }
    }

    /// One schedule, or its start (the rest by the default rule). `each` sees every step as it ends;
    /// `before` is called before each step with the thread about to take it.
    public func replay(
        _ schedule: String, _ setup: (Program) -> Void,
        before: (Int) -> Void = { _ in }, each: (LaneStep) -> Void = { _ in }
    ) throws -> Run {
        try play(Self.parse(schedule), { try Built(program: Program(), setup) }, before: before, each: each).run
    }

    /// A run of a program, built: what the explorer schedules, and how its outcome is read.
    struct Built {
        let run: any Schedulable
        let outcome: () -> String

        init(program: Program, _ setup: (Program) -> Void) throws {
            setup(program)
            self.init(run: program.run, outcome: try Self.required(program.outcomeReader))
        }

        static func required(_ outcome: (() -> String)?) throws -> () -> String {
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

    /// Every schedule of the runs `build` makes, depth first.
    func search(_ build: () throws -> Built) throws -> Exploration {
        let started = DispatchTime.now().uptimeNanoseconds
        var tally = Exploration()
        var pending: [[Int]] = [[]]
        while let prefix = pending.popLast() {
            guard tally.schedules < maxSchedules else {
                tally.complete = false
                break
            }
            let trace = try play(prefix, build)
            tally.add(trace.run)
            // Every other thread that could have taken a step after the prefix starts a new schedule.
            for position in prefix.count..<trace.run.choices.count {
                for other in trace.runnable[position].reversed() where other != trace.run.choices[position] {
                    let preemptions = trace.preemptionsBefore[position]
                        + (Self.preempts(other, after: trace.run.choices[..<position].last, runnable: trace.runnable[position]) ? 1 : 0)
                    if let bound = maxPreemptions, preemptions > bound { continue }
                    pending.append(Array(trace.run.choices[..<position]) + [other])
                }
            }
        }
        tally.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return tally
    }

    struct Trace {
        var run: Run
        var runnable: [[Int]]
        var preemptionsBefore: [Int]
    }

    func play(
        _ prefix: [Int], _ build: () throws -> Built,
        before: (Int) -> Void = { _ in }, each: (LaneStep) -> Void = { _ in }
    ) throws -> Trace {
        racelab_relaxed_add(racelab_explorations_word(), 1)
        defer { racelab_relaxed_add(racelab_explorations_word(), UInt64.max) }  // minus one
        let built = try build()
        let run = built.run
        let readOutcome = built.outcome
        var choices: [Int] = []
        var runnables: [[Int]] = []
        var preemptionsBefore: [Int] = []
        var preemptions = 0
        var outcome: String?
        while outcome == nil {
            let runnable = run.runnable
            if runnable.isEmpty {
                guard choices.count >= prefix.count else {
                    throw Problem(description: "step \(choices.count + 1): \(run.allFinished ? "every \(run.noun) has finished" : run.stuck) after \(choices.count) steps (schedule \(Self.letters(choices)))")
                }
                outcome = run.allFinished ? readOutcome() : try run.stuckOutcome()
                break
            }
            let previous = choices.last
            let choice: Int
            if choices.count < prefix.count {
                choice = prefix[choices.count]
                guard runnable.contains(choice) else {
                    throw Problem(description: "step \(choices.count + 1): " + run.whyNot(choice))
                }
            } else {
                choice = previous.flatMap { runnable.contains($0) ? $0 : nil } ?? runnable[0]
            }
            preemptionsBefore.append(preemptions)
            if Self.preempts(choice, after: previous, runnable: runnable) { preemptions += 1 }
            choices.append(choice)
            runnables.append(runnable)
            before(choice)
            if let problem = run.step(choice, limit: stepTimeLimit) { throw Problem(description: problem) }
            if let step = run.steps.last { each(laneStep(step, run)) }
            guard choices.count <= Self.maxSteps else {
                throw Problem(description: "a run took over \(Self.maxSteps) steps: the explorer is for a few threads of a few steps each")
            }
        }
        let steps = run.steps.map { laneStep($0, run) }
        return Trace(
            run: Run(choices: choices, preemptions: preemptions, outcome: outcome ?? "", names: run.names, lanes: steps),
            runnable: runnables, preemptionsBefore: preemptionsBefore)
    }

    /// A switch away from a thread that could have gone on.
    static func preempts(_ choice: Int, after previous: Int?, runnable: [Int]) -> Bool {
        guard let previous, previous != choice else { return false }
        return runnable.contains(previous)
    }

    /// A step's text: what the page says that step of its thread does, and what it recorded; else the
    /// point it ran to.
    private func laneStep(_ step: ScheduleStep, _ run: any Schedulable) -> LaneStep {
        let names = step.thread < run.stepNames.count ? run.stepNames[step.thread] : []
        var parts = step.ordinal < names.count && !names[step.ordinal].isEmpty ? [names[step.ordinal]] : []
        parts += step.notes
        if parts.isEmpty { parts = [step.to == .finished ? "runs to its end" : "runs to \(step.to.label)"] }
        return LaneStep(thread: step.thread, text: parts.joined(separator: "; "))
    }

    /// Thread numbers as letters: [0, 0, 1] is "AAB".
    public static func letters(_ choices: [Int]) -> String {
        String(choices.map { Character(UnicodeScalar(UInt8(65 + $0 % 26))) })
    }

    /// Reads a schedule: letters A to Z (either case); spaces are ignored.
    public static func parse(_ schedule: String) throws -> [Int] {
        try schedule.filter { $0 != " " }.map { character in
            guard let ascii = character.asciiValue, character.isLetter else {
                throw Problem(description: "'\(character)' is not a thread: a schedule is letters A to Z, one per step, e.g. AABBBA")
            }
            return Int(ascii & 0xDF) - 65  // upper case
        }
    }
}

/// One run of a program, as the explorer schedules it: threads (`ScheduleRun`) or tasks
/// (`TaskScheduleRun`), each numbered in the order it started.
protocol Schedulable: AnyObject {
    /// Those that may take a step now.
    var runnable: [Int] { get }
    var allFinished: Bool { get }
    /// What it means when some have not finished and none may take a step.
    var stuck: String { get }
    /// "thread" or "task".
    var noun: String { get }
    /// The outcome then ("deadlock"), or a problem when the explorer cannot tell.
    func stuckOutcome() throws -> String
    var names: [String] { get }
    var stepNames: [[String]] { get }
    var steps: [ScheduleStep] { get }
    /// Lets `index` take its next step: nil when it came back to a point or ended, else why it did not.
    func step(_ index: Int, limit: TimeInterval) -> String?
    /// Why `index` may not take a step now.
    func whyNot(_ index: Int) -> String
}

extension Schedulable {
    /// "there is no thread C (threads: A, B)", or nil when `index` is one of them.
    func missing(_ index: Int) -> String? {
        let names = names
        guard index >= names.count else { return nil }
        return "there is no \(noun) \(Explorer.letters([index])) (\(noun)s: \(Explorer.letters(Array(names.indices)).map(String.init).joined(separator: ", ")))"
    }
}

/// What one step did: whose it was, which of its steps, where it stopped, what it recorded.
struct ScheduleStep {
    var thread: Int
    /// Which of its thread's steps this is (0: the first).
    var ordinal: Int
    var from: Pause
    var to = Pause.finished
    var notes: [String] = []
}

/// What an exploration found: how many schedules, and each outcome with its count and simplest run.
public struct Exploration: Sendable {
    public struct Outcome: Sendable {
        public let text: String
        public internal(set) var count: Int
        public internal(set) var simplest: Explorer.Run
    }

    public internal(set) var schedules = 0
    /// In the order first found.
    public internal(set) var outcomes: [Outcome] = []
    /// False when the exploration stopped at `maxSchedules`.
    public internal(set) var complete = true
    public internal(set) var seconds = 0.0

    mutating func add(_ run: Explorer.Run) {
        schedules += 1
        if let index = outcomes.firstIndex(where: { $0.text == run.outcome }) {
            outcomes[index].count += 1
            if run.preemptions < outcomes[index].simplest.preemptions { outcomes[index].simplest = run }
        } else {
            outcomes.append(Outcome(text: run.outcome, count: 1, simplest: run))
        }
    }

    /// How many schedules ended in an outcome `bad` picks.
    public func count(where bad: (String) -> Bool) -> Int {
        outcomes.filter { bad($0.text) }.map(\.count).reduce(0, +)
    }
}
