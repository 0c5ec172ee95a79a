/// What an exploration found: how many schedules, and each outcome with its count and simplest run.
public struct Exploration: Sendable {
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
