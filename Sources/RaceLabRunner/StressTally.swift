import Foundation

/// The counts for one page (or exercise variant) over many runs: the table a lesson author reads
/// before committing a transcript, and the one a teacher puts on the screen.
public struct StressTally {
    public let label: String
    /// A variant that must fail (a starter, a wrong fix): a run "passes" when it fails for its documented reasons.
    public let mustFail: Bool
    /// The transcript expects races (a racy page, or a starter documented to race).
    public let expectsRace: Bool
    public private(set) var runs = 0
    public private(set) var passed = 0
    /// Passes that needed the real-speed rerun (the run at the check speed was off on time alone), or
    /// another run (the contention round fell short).
    public private(set) var rerun = 0
    public private(set) var failures: [FailureKind: Int] = [:]
    public private(set) var outcomes: [String: Int] = [:]
    public private(set) var interesting = 0
    public private(set) var raceReported = 0
    /// The first failure of each kind, to show what went wrong.
    public private(set) var firstFailure: [FailureKind: (run: Int, problems: [CheckProblem], seed: UInt64?)] = [:]
    /// An exercise's: the seeds its runs played, and those of the runs that were not as expected.
    public private(set) var seeds: Set<UInt64> = []
    public private(set) var failedSeeds: [UInt64] = []
    public private(set) var seconds = 0.0
    /// The different standard outputs the runs printed (as hashes): 1 for a page whose output never
    /// changes, as an explorer page's must not.
    public private(set) var outputs: Set<Int> = []

    public init(label: String, mustFail: Bool, expectsRace: Bool) {
        self.label = label
        self.mustFail = mustFail
        self.expectsRace = expectsRace
    }

    /// Adds one run; returns the progress mark for it.
    mutating func add(_ outcome: RunOutcome, passed ok: Bool) -> Character {
        runs += 1
        seconds += outcome.seconds
        outputs.insert(outcome.stdout.hashValue)
        if let seed = outcome.seed {
            seeds.insert(seed)
            if !ok { failedSeeds.append(seed) }
        }
        // A run counts once for an ending, however many of the page's blocks name it (lesson 15 page 5
        // names one ending at each of two children: 40 of 20, before).
        for label in Set(outcome.outcomes.map(\.label)) { outcomes[label, default: 0] += 1 }
        if outcome.outcomes.contains(where: { $0.kind == .interesting }) { interesting += 1 }
        if expectsRace && outcome.expectedRacesReported && outcome.races.contains(where: \.isRace) { raceReported += 1 }
        if ok {
            passed += 1
            if outcome.firstRun != nil || outcome.contentionShortRuns > 0 { rerun += 1 }
            return outcome.firstRun != nil ? "r" : outcome.contentionShortRuns > 0 ? "s" : "."
        }
        let kinds = mustFail ? [FailureKind.content] : outcome.failureKinds.sorted()
        for kind in kinds {
            failures[kind, default: 0] += 1
            if firstFailure[kind] == nil { firstFailure[kind] = (runs, outcome.problems, outcome.seed) }
        }
        return mustFail ? "!" : (kinds.first.map(Self.mark) ?? "?")
    }

    static func mark(_ kind: FailureKind) -> Character {
        switch kind {
        case .time: return "t"
        case .content: return "c"
        case .forbidden: return "F"
        case .race: return "R"
        case .hang: return "h"
        case .crash: return "x"
        case .flood: return "f"
        case .exit: return "e"
        case .error: return "E"
        }
    }

    public var failed: Int { runs - passed }
}
