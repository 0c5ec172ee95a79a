import Foundation

/// One expected line of a transcript: literal text with `{{…}}` placeholders.
///
/// - `{{regex}}`: a regular expression (NSRegularExpression syntax), e.g. `{{\w+ \w+}}`.
/// - `{{time}}`: any time in seconds as the lessons print them, e.g. ` 1.02s`.
/// - `{{~1.5s}}`: a time within the transcript's tolerance of 1.5 lesson seconds;
///   `{{~1.5s±0.5}}` gives the tolerance itself.
/// - `{{4s..6s}}`: a time from 4 to 6 seconds.
///
/// Leading spaces before a time's digits belong to the time, so `[{{~1s}}]` matches `[ 1.02s]`.
/// Trailing whitespace is ignored on both sides.
public struct LinePattern: CustomStringConvertible {
    public let source: String
    private let regex: NSRegularExpression
    /// For each time placeholder: the capture group that holds its number, and its allowed range.
    private let times: [(group: Int, range: ClosedRange<Double>)]

    public var description: String { source }

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    private static let number = #"\s*(\d+(?:\.\d+)?) ?s"#  // "1.02s" as stamped, "1.0 s" in prose

    public init(_ source: String, tolerance: Double) throws {
        self.source = source
        var pattern = "^"
        var times: [(Int, ClosedRange<Double>)] = []
        var groups = 0
        var rest = Substring(trimmedTrailing(source))
        while let open = rest.range(of: "{{") {
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<open.lowerBound]))
            guard var close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else {
                throw Problem(description: "'{{' without a closing '}}'")
            }
            // A regex may end in a brace of its own ({{a{2}}}): the placeholder ends at the last '}'.
            while close.upperBound < rest.endIndex, rest[close.upperBound] == "}" {
                close = rest.index(after: close.lowerBound)..<rest.index(after: close.upperBound)
            }
            let inside = String(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
            if let range = try Self.timeRange(inside, tolerance: tolerance) {
                groups += 1
                times.append((groups, range))
                pattern += Self.number
            } else if inside == "time" {
                groups += 1
                pattern += Self.number
            } else {
                let inner: NSRegularExpression
                do {
                    inner = try NSRegularExpression(pattern: inside)
                } catch {
                    throw Problem(description: "'{{\(shortened(inside))}}' is not a valid regular expression")
                }
                groups += inner.numberOfCaptureGroups
                pattern += "(?:\(inside))"
            }
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        self.regex = try NSRegularExpression(pattern: pattern)
        self.times = times
    }

    /// The line as an attendee, who never sees the transcript, reads it: `[{{~1.5s}}]` as
    /// `[about 1.50s]`, `{{4s..6s}}` as `4.00s–6.00s`, `{{time}}` as `any time`, `{{Ann|Bob}}` as
    /// `Ann or Bob`, and any other expression as `…`.
    public static func readable(_ source: String) -> String {
        var text = ""
        var rest = Substring(source)
        while let open = rest.range(of: "{{"), var close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex)
        {
            while close.upperBound < rest.endIndex, rest[close.upperBound] == "}" {
                close = rest.index(after: close.lowerBound)..<rest.index(after: close.upperBound)
            }
            text += rest[..<open.lowerBound]
            text += readablePlaceholder(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return text + rest
    }

    private static func readablePlaceholder(_ inside: String) -> String {
        if inside == "time" { return "any time" }
        if let range = try? timeRange(inside, tolerance: 0) {
            let stated = inside.replacingOccurrences(of: " ", with: "")
            if stated.hasPrefix("~"), let centre = Double(stated.dropFirst().prefix { $0 != "s" }) {
                return "about " + String(format: "%.2fs", centre)
            }
            return String(format: "%.2fs–%.2fs", range.lowerBound, range.upperBound)
        }
        let alternatives = inside.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let plain = alternatives.allSatisfy {
            !$0.isEmpty && $0.rangeOfCharacter(from: CharacterSet(charactersIn: #"\.*+?()[]^${}"#)) == nil
        }
        guard plain else { return "…" }
        return alternatives.count <= 2
            ? alternatives.joined(separator: " or ")
            : alternatives.dropLast().joined(separator: ", ") + " or " + alternatives.last!
    }

    /// `~1.5s`, `~1.5s±0.5` (or `+-0.5`), `4s..6s`; nil when `text` is no time placeholder.
    private static func timeRange(_ text: String, tolerance: Double) throws -> ClosedRange<Double>? {
        let text = text.replacingOccurrences(of: " ", with: "")
        if text.hasPrefix("~") {
            let parts = text.dropFirst().replacingOccurrences(of: "+-", with: "±").split(separator: "±")
            guard parts.count <= 2, parts[0].hasSuffix("s"), let centre = Double(parts[0].dropLast()),
                let slack = parts.count == 2
                    ? Double(parts[1].hasSuffix("s") ? parts[1].dropLast() : parts[1]) : tolerance
            else {
                throw Problem(description: "'{{\(shortened(text))}}' is not a time; write {{~1.5s}} or {{~1.5s±0.3}}")
            }
            return max(0, centre - slack)...(centre + slack)
        }
        let bounds = text.components(separatedBy: "..")
        if bounds.count == 2, bounds.allSatisfy({ $0.hasSuffix("s") }),
            let low = Double(bounds[0].dropLast()), let high = Double(bounds[1].dropLast())
        {
            guard low <= high else { throw Problem(description: "'{{\(shortened(text))}}' is an empty range") }
            return low...high
        }
        return nil
    }

    /// How times are compared: `slack` lesson seconds added to both ends of every time's range (the
    /// runner's allowance for a busy machine, see `TimingModel`), or `relaxed`: any time at all.
    public struct TimeCheck: Equatable {
        public var slack: Double = 0
        public var relaxed = false

        public init(slack: Double = 0, relaxed: Bool = false) {
            self.slack = slack
            self.relaxed = relaxed
        }

        public static let exact = TimeCheck()
        public static let anyTime = TimeCheck(relaxed: true)
    }

    /// A time that came at the wrong moment: the printed value and the range it had to be in.
    public struct TimeMiss: Equatable {
        public var actual: Double
        /// The range as the transcript states it, before any slack.
        public var expected: ClosedRange<Double>
        /// The range after the runner's slack.
        public var allowed: ClosedRange<Double>

        /// Lesson seconds outside `allowed`: positive when late, negative when early.
        public var offBy: Double {
            actual > allowed.upperBound ? actual - allowed.upperBound : actual - allowed.lowerBound
        }
        /// Lesson seconds from the stated range: positive when late, negative when early.
        public var fromExpected: Double {
            actual > expected.upperBound ? actual - expected.upperBound : actual - expected.lowerBound
        }
    }

    public func matches(_ line: String, times check: TimeCheck = .exact) -> Bool {
        timeMisses(line, times: check).map(\.isEmpty) ?? false
    }

    /// nil when `line` does not have this pattern's shape at all; else the times outside their range
    /// (empty when the line matches).
    public func timeMisses(_ line: String, times check: TimeCheck = .exact) -> [TimeMiss]? {
        let line = trimmedTrailing(line)
        let whole = NSRange(line.startIndex..., in: line)
        guard let match = regex.firstMatch(in: line, range: whole) else { return nil }
        var misses: [TimeMiss] = []
        for time in times {
            guard let range = Range(match.range(at: time.group), in: line), let value = Double(line[range]) else {
                return nil
            }
            if check.relaxed { continue }
            let allowed = max(0, time.range.lowerBound - check.slack)...(time.range.upperBound + check.slack)
            if !allowed.contains(value) {
                misses.append(TimeMiss(actual: value, expected: time.range, allowed: allowed))
            }
        }
        return misses
    }
}

func trimmedTrailing(_ text: String) -> String {
    var text = Substring(text)
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    return String(text)
}
