import Foundation

/// What a page (or an exercise) is expected to do: its output, as a pattern, and its verdicts.
/// The format is documented in docs/transcripts.md.
public struct Transcript {
    public enum Step {
        /// One line, matched by a pattern.
        case line(LinePattern, sourceLine: Int)
        /// `any order:` — the next lines of output are exactly these, in any order.
        case anyOrder([(LinePattern, sourceLine: Int)])
        /// `some of:` — the next lines are some of these (none, one or more, each at most once), in any order.
        case someOf([(LinePattern, sourceLine: Int)])
        /// `...` — any number of lines, none included.
        case skip(sourceLine: Int)
        /// Consecutive `outcome NAME (class):` blocks: the output goes on with exactly one of them.
        case outcomes([Outcome])
    }

    /// One legal (or named illegal) ending of a racy page, in the spirit of jcstress's outcomes.
    public struct Outcome {
        public enum Kind: String, CaseIterable {
            /// A legal ending.
            case expected
            /// A legal ending, and the one the page wants people to see (a torn name, a lost finish).
            case interesting
            /// Named so that a person sees what went wrong: matching it fails the page.
            case forbidden
        }

        public var name: String
        public var kind: Kind
        public var steps: [Step]
        public var sourceLine: Int

        public var label: String { "\(name) (\(kind.rawValue))" }
    }

    public var steps: [Step] = []
    public var verdict: ExpectedVerdict = .clean
    public var exitStatus: Int32 = 0
    /// Real seconds the page may run at the check speed before the runner stops it.
    public var timeout: Double = 60
    /// Default tolerance of `{{~Ns}}` placeholders, in lesson seconds.
    public var tolerance: Double = 0.3
    /// The speed this page is checked at unless the runner is told one (`speed: 12`): an exercise's,
    /// chosen so that an attendee has a verdict within about 3 s of saving.
    public var speed: Double?
    /// `timed order: yes`: the order of lines this transcript checks follows from times (an image
    /// lands before its row scrolls away), so a run whose output differs, with no race, crash or hang,
    /// is confirmed at the slower speed, as a run that is off on time alone is.
    public var timedOrder = false
    /// `timed order: when late`: as `yes`, but the page itself says when its timing was off (a line
    /// that starts with `TimingWasOff.mark`), and only such a run is confirmed at real speed. A
    /// driver that knows which of its failures a busy machine can cause spares a wrong answer the
    /// slow rerun.
    public var confirmOnlyWhenLate = false
    /// `seeded: no`: an exercise whose driver draws nothing (it replays what the attendee wrote): the
    /// runner gives it no seed, and its verdict names none.
    public var seeded = true

    public struct Problem: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        /// Line 0: the file as a whole.
        public var description: String { line > 0 ? "line \(line): \(message)" : message }
    }

    public init(parsing text: String) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let separator = lines.firstIndex(of: "---") else {
            throw Problem(
                line: 1,
                message:
                    "no '---' line: the header (verdict, exit, …) comes first, then '---', then the expected output")
        }
        for (index, line) in lines[..<separator].enumerated() {
            try readHeader(line, number: index + 1)
        }
        var body = Array(lines[(separator + 1)...].enumerated().map { ($0.offset + separator + 2, $0.element) })
        while let last = body.last, trimmedTrailing(last.1).isEmpty { body.removeLast() }  // trailing blank lines
        var index = 0
        steps = try block(body, from: &index, indent: "")
        let count = alternatives.count
        guard count <= Self.maximumAlternatives else {
            throw Problem(
                line: 1,
                message: "the outcome blocks combine into \(count) endings; at most \(Self.maximumAlternatives)")
        }
    }

    static let maximumAlternatives = 256

    private mutating func readHeader(_ line: String, number lineNumber: Int) throws {
        let line = trimmedTrailing(line)
        if line.isEmpty || line.hasPrefix("#") { return }
        guard let colon = line.firstIndex(of: ":") else {
            throw Problem(line: lineNumber, message: "'\(shortened(line))' is not 'key: value'")
        }
        let key = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        func parsed<T: LosslessStringConvertible>(_: T.Type) throws -> T {
            guard let parsed = T(value) else {
                throw Problem(line: lineNumber, message: "\(shortened(key)) needs a number, not '\(shortened(value))'")
            }
            return parsed
        }
        switch key {
        case "verdict":
            verdict = try ExpectedVerdict(parsing: value).orThrow(
                Problem(
                    line: lineNumber,
                    message:
                        "verdict is 'clean' or 'race Type.function', 'race function()', 'race top-level code of file.swift' (several: separated by commas), not '\(shortened(value))'"
                ))
        case "exit": exitStatus = try parsed(Int32.self)
        case "timeout": timeout = try parsed(Double.self)
        case "tolerance": tolerance = try parsed(Double.self)
        case "speed":
            let value = try parsed(Double.self)
            guard value >= 1, value <= 100 else {
                throw Problem(line: lineNumber, message: "speed is from 1 to 100, not \(value)")
            }
            speed = value
        case "starter fails":
            throw Problem(
                line: lineNumber,
                message:
                    "how a starter fails is written once, in its own file: a '// must fail: \(value)' line in Referee/Starter/must-fail.txt"
            )
        case "timed order":
            guard ["yes", "no", "when late"].contains(value) else {
                throw Problem(
                    line: lineNumber, message: "timed order is 'yes', 'no' or 'when late', not '\(shortened(value))'")
            }
            timedOrder = value != "no"
            confirmOnlyWhenLate = value == "when late"
        case "seeded":
            guard ["yes", "no"].contains(value) else {
                throw Problem(line: lineNumber, message: "seeded is 'yes' or 'no', not '\(shortened(value))'")
            }
            seeded = value == "yes"
        default:
            throw Problem(
                line: lineNumber,
                message:
                    "unknown header '\(shortened(key))'; known: verdict, exit, timeout, tolerance, speed, timed order, seeded"
            )
        }
    }
}
