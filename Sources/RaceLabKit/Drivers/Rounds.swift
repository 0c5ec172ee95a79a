/// How a round of an exercise's driver ended.
public enum RoundOutcome: Sendable, Equatable {
    /// The attendee's code did what the round asks.
    case passed
    /// It did not; the driver said what it saw, and goes on with the next round.
    case failed
    /// It never returned (a watchdog gave up on it): a round after this one would call into code
    /// that is stuck, and hang too. The rounds after it in the same list are not played.
    case stuck

    public init(passed: Bool) { self = passed ? .passed : .failed }
}

/// One round of a driver: a name, as the verdict names it ("two categories at once"), and the work
/// that plays it, says what it saw (`FaultLine` for what went wrong) and tells how it went.
public struct Round {
    public let name: String
    let play: () -> RoundOutcome

    /// A round that passes or fails.
    public init(_ name: String, _ play: @escaping () -> Bool) {
        self.init(name, orStuck: { RoundOutcome(passed: play()) })
    }

    /// A round that can also find the code under test stuck (`RoundOutcome.stuck`).
    public init(_ name: String, orStuck play: @escaping () -> RoundOutcome) {
        (self.name, self.play) = (name, play)
    }
}

/// A driver's rounds as an explicit list, and its tally of them: every round is played, in order,
/// whatever the rounds before it found, so a failing round never hides the later rounds and their
/// lines; the verdict names each round that failed. Only a round that found the code stuck ends its
/// list early, and the verdict names the rounds left unplayed.
///
/// The tally may be kept over several lists (a page that plays some rounds, starts work, and judges
/// the rest when it is done). It is the driver's own: its lock is taken between rounds, never while
/// a round runs, so it orders none of the attendee's threads.
public final class Rounds: Sendable {
    /// A round tallied: its outcome, nil when it was not played.
    private struct Entry: Sendable {
        let name: String
        let outcome: RoundOutcome?
    }
    private let tally = Locked<[Entry]>([])

    public init() {}

    /// Plays `rounds` one after another, each whatever the ones before it found, until one is stuck
    /// (the rest are tallied as not played). Returns whether every one of them passed.
    @discardableResult
    public func play(_ rounds: [Round]) -> Bool {
        var allPassed = true
        for (index, round) in rounds.enumerated() {
            let outcome = round.play()
            record(round.name, outcome)
            allPassed = allPassed && outcome == .passed
            if outcome == .stuck {
                tally.withLock { $0 += rounds[(index + 1)...].map { Entry(name: $0.name, outcome: nil) } }
                break
            }
        }
        return allPassed
    }

    /// Plays one round, named `name`; returns whether it passed.
    @discardableResult
    public func play(_ name: String, _ round: @escaping () -> Bool) -> Bool {
        play([Round(name, round)])
    }

    /// Tallies a round that was played elsewhere (on another queue, say), or, with nil, one that could
    /// not be played (what it needed never came), so that the verdict names it.
    public func record(_ name: String, _ outcome: RoundOutcome?) {
        tally.withLock { $0.append(Entry(name: name, outcome: outcome)) }
    }

    /// The names of the rounds that passed, failed, found the code stuck, and were not played, in the
    /// order they were tallied.
    public var passed: [String] { names { $0 == .passed } }
    public var failed: [String] { names { $0 == .failed } }
    public var stuck: [String] { names { $0 == .stuck } }
    public var notPlayed: [String] { names { $0 == nil } }

    /// Whether every round tallied passed (and there was one at least).
    public var allPassed: Bool {
        tally.withLock { !$0.isEmpty && $0.allSatisfy { $0.outcome == .passed } }
    }

    /// `passed` when every round passed; else `failed` followed by the rounds that failed, found the
    /// code stuck, or were not played, by name: "Not mutually exclusive yet. Failed: two categories at
    /// once. Stuck: …. Not played: …."
    public func verdict(passed: String, failed: String) -> String {
        if allPassed { return passed }
        let parts = [("Failed", self.failed), ("Stuck", stuck), ("Not played", notPlayed)]
        return parts.filter { !$0.1.isEmpty }.reduce(failed) { $0 + " \($1.0): \($1.1.joined(separator: ", "))." }
    }

    private func names(_ matching: (RoundOutcome?) -> Bool) -> [String] {
        tally.withLock { $0.filter { matching($0.outcome) }.map(\.name) }
    }
}
