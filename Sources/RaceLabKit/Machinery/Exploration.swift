import Foundation

/// What an exploration found: how many schedules, and each outcome with its count and simplest run.
public struct Exploration: Sendable {
    public internal(set) var schedules = 0
    /// In the order first found.
    public internal(set) var outcomes: [Outcome] = []
    /// False when the exploration stopped at `maxSchedules`.
    public internal(set) var complete = true
    public internal(set) var seconds = 0.0
    /// Found by optimal DPOR: each schedule counted is a class of equivalent executions, one run each.
    public internal(set) var reduced = false
    /// Runs the reduction played out but did not count (every thread left was asleep): optimal DPOR
    /// has none, and the tests hold it to that.
    public internal(set) var abandoned = 0
    /// In the random mode: its parameters, the program's threads n and the steps k of its longest run
    /// (PCT's bound is 1/(n·k^(d−1)) a run).
    public internal(set) var random: Explorer.RandomRuns?
    public internal(set) var threads = 0
    public internal(set) var steps = 0

    /// PCT's lower bound on the chance that one run finds a bug of the depth it aims at.
    public var pctBound: Double? {
        guard let random, threads > 0, steps > 0 else { return nil }
        return 1 / (Double(threads) * pow(Double(steps), Double(random.depth - 1)))
    }

    /// The first runs, in the order played (at most `Exploration.keptRuns`): with the reduction, one
    /// per class.
    public internal(set) var runs: [Explorer.Run] = []
    static let keptRuns = 100

    mutating func add(_ run: Explorer.Run) {
        schedules += 1
        if runs.count < Self.keptRuns { runs.append(run) }
        if let index = outcomes.firstIndex(where: { $0.text == run.outcome }) {
            outcomes[index].count += 1
            if run.preemptions < outcomes[index].simplest.preemptions { outcomes[index].simplest = run }
        } else {
            outcomes.append(Outcome(text: run.outcome, count: 1, simplest: run))
        }
    }

    /// The simplest run of the outcomes `bad` picks: fewest preemptions, as each outcome keeps its own
    /// (`add`), and between outcomes, then, fewest steps.
    public func simplest(where bad: (String) -> Bool) -> Explorer.Run? {
        outcomes.filter { bad($0.text) }.map(\.simplest).min {
            ($0.preemptions, $0.choices.count) < ($1.preemptions, $1.choices.count)
        }
    }

    /// Makes the simplest run of `outcome` one with the fewest preemptions of every schedule, not only
    /// of those run: the reduction runs one schedule of a class, and another of the class may preempt
    /// less (lesson 14 page 5's ring: AABBCC ran, AACCBB, its equal, preempts once). Looks with each
    /// bound below the simplest run's, every schedule within it, up to the first that ends so.
    mutating func simplestOfAll(
        _ outcome: String, explorer: Explorer, _ search: (Explorer) throws -> Exploration
    ) rethrows {
        guard let index = outcomes.firstIndex(where: { $0.text == outcome }) else { return }
        for bound in 0..<outcomes[index].simplest.preemptions {
            var bounded = explorer
            (bounded.reduction, bounded.maxPreemptions) = (.none, bound)
            bounded.stopAtFirst = { $0 == outcome }
            if let run = try search(bounded).outcomes.first(where: { $0.text == outcome })?.simplest {
                outcomes[index].simplest = run
                return
            }
        }
    }

    /// How many schedules ended in an outcome `bad` picks.
    public func count(where bad: (String) -> Bool) -> Int {
        outcomes.filter { bad($0.text) }.map(\.count).reduce(0, +)
    }
}
