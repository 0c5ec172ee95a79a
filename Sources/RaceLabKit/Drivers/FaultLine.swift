/// A line of a driver's verdict that says what went wrong and what to do about it, in the one form
/// every driver prints: what was seen, then `   <- ` and the hint, e.g.
/// `3 of them completed twice   <- decrease the count and check it in one critical section`.
/// The arrow is the attendee's cue that the line is a fault; a line without it is a finding.
public struct FaultLine: Sendable, Equatable, CustomStringConvertible {
    /// What stands between what was seen and the hint (the runner reads it: `RunnerContract.swift`).
    public static let arrow = faultArrow

    /// What the driver saw ("feed 2 completed again").
    public let seen: String
    /// What to do about it ("complete once").
    public let hint: String

    public init(_ seen: String, hint: String) {
        (self.seen, self.hint) = (seen, hint)
    }

    /// A fault that happened `count` times: `"<count> <what>   <- <hint>"` ("3 of them completed
    /// twice"); nil when it never happened, so a driver can gather only the faults it saw.
    public init?(counting count: Int, _ what: String, hint: String) {
        guard count > 0 else { return nil }
        self.init("\(count) \(what)", hint: hint)
    }

    /// The line as printed.
    public var text: String { seen + Self.arrow + hint }
    public var description: String { text }

    /// Prints the line as narration, without a time: the driver's account of what is wrong, which the
    /// attendee's verdict shows first (`explain`), ahead of lines that only show one thing seen.
    public func note() { RaceLabKit.explain(text) }

    /// Prints the line with the current lesson time.
    public func say() { RaceLabKit.say(text) }

    /// For a finding that reads either way: `fine` when the check `passed`, else `fault`'s line,
    /// which is made only then.
    public static func either(_ passed: Bool, _ fine: String, else fault: @autoclosure () -> FaultLine) -> String {
        passed ? fine : fault().text
    }
}

extension Faults {
    /// Counts `line` as a fault, late when `why` says how a busy machine could cause it too (else
    /// firm), and says it with the current lesson time.
    public func say(_ line: FaultLine, late why: String? = nil) {
        if let why { late(why) } else { firm() }
        line.say()
    }
}
