import Foundation

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
    public var maxPreemptions: Int?
    /// Whether a task woken when a `Task` it awaited ended stops at a point of its own
    /// (`ExplorableTask`): a brief exploration for a verdict leaves them out at one preemption, where
    /// they make thousands of schedules (`Page.exploringTheirs`).
    public var taskWakePoints = true
    /// `.partialOrder`: one schedule per class of equivalent executions (ExplorerReduction.swift).
    public var reduction: Reduction
    /// The random mode's parameters (ExplorerRandom.swift): nil for a systematic search.
    public var random: RandomRuns?
    /// A safety limit: an exploration stops after this many schedules and says so.
    public var maxSchedules = 20_000
    /// A thread that does not come back to an interleaving point within this many real seconds waits
    /// for something the explorer does not schedule: the run stops with a problem.
    public var stepTimeLimit: TimeInterval = 10
    /// When set, a search without the reduction stops at the first run whose outcome it holds true of
    /// (a verdict that needs one wrong schedule, not all of them).
    public var stopAtFirst: (@Sendable (String) -> Bool)?
    static let maxSteps = 400

    public init(maxPreemptions: Int? = nil, reduction: Reduction = .none) {
        self.maxPreemptions = maxPreemptions
        self.reduction = reduction
    }

    /// Every schedule of the program `setup` builds (within the preemption bound), or with the
    /// reduction one of each class.
    public func explore(_ setup: (Program) -> Void) throws -> Exploration {
        try searching { try PreparedRun(program: Program(), setup) }
    }

    /// The search the explorer's reduction asks for.
    func searching(_ build: () throws -> PreparedRun) throws -> Exploration {
        if let random { return try searchRandom(random, build) }
        return reduction == .partialOrder ? try searchReduced(build) : try search(build)
    }

    /// One schedule, or its start (the rest by the default rule). `each` sees every step as it ends;
    /// `before` is called before each step with the thread about to take it.
    public func replay(
        _ schedule: String, _ setup: (Program) -> Void,
        before: (Int) -> Void = { _ in }, each: (LaneStep) -> Void = { _ in }
    ) throws -> Run {
        try play(Self.parse(schedule), { try PreparedRun(program: Program(), setup) }, before: before, each: each).run
    }

    /// Thread numbers as letters: [0, 0, 1] is "AAB".
    public static func letters(_ choices: [Int]) -> String {
        String(choices.map { Character(UnicodeScalar(UInt8(65 + $0 % 26))) })
    }

    /// Reads a schedule: letters A to Z (either case); spaces are ignored.
    public static func parse(_ schedule: String) throws -> [Int] {
        try schedule.filter { $0 != " " }.map { character in
            guard let ascii = character.asciiValue, character.isLetter else {
                throw Problem(
                    description: "'\(character)' is not a thread: a schedule is letters A to Z, one per step, "
                        + "e.g. AABBBA")
            }
            return Int(ascii & 0xDF) - 65  // upper case
        }
    }
}
