import RaceLabContract

/// Where output and transcript part ways: enough for a person to act on.
public struct OutputMismatch: Equatable, CustomStringConvertible {
    /// 1-based output line, or nil when the output ended too early.
    public var outputLine: Int?
    public var actual: String?
    /// 1-based transcript line of the expectation, or nil when the transcript had ended.
    public var transcriptLine: Int?
    public var expected: String?
    /// When the line has the expected shape but a time came too early or too late: which.
    public var timeMisses: [LinePattern.TimeMiss] = []
    /// The speed the page ran at, to say what a miss was in real time.
    public var speed: Double = 1
    /// When the output ended before the expected line came: the line it ended with, which in an
    /// exercise is often the driver saying what went wrong.
    public var lastLine: String?
    /// The expected line is one of an `any order:` block's.
    public var anyOrder = false
    /// Said to an attendee, who never sees the transcript: the expectation in words, without the
    /// transcript's `{{…}}` syntax or its line numbers (`LinePattern.readable`).
    public var forAttendee = false

    public var description: String {
        let source = forAttendee ? "expected" : "expected (transcript line \(transcriptLine ?? 0))"
        func shown(_ expected: String) -> String {
            forAttendee
                ? quoted(LinePattern.readable(expected)) + (anyOrder ? "  (lines like this may come in any order)" : "")
                : quoted(expected) + (anyOrder ? "  (one of the 'any order' lines)" : "")
        }
        switch (actual, expected) {
        case (let actual?, let expected?):
            return "output line \(outputLine!): \(quoted(actual))\n  \(source): \(shown(expected))"
                + timeMisses.map { "\n  " + describe($0, in: actual) }.joined()
        case (nil, let expected?) where forAttendee:
            // What the attendee's run printed last is what it said instead: never "ended early", which
            // reads as a crash.
            return "the output never came to what it should have: \(shown(expected))"
                + (lastLine.map { "\n  it said instead, last: \(quoted($0))" } ?? "")
        case (nil, let expected?):
            return "the end of the output: it ended early\n  \(source): \(shown(expected))"
                + (lastLine.map { "\n  the output's last line: \(quoted($0))" } ?? "")
        case (let actual?, nil):
            return
                "output line \(outputLine!): \(quoted(actual))\n  expected no more output (end the transcript with '...' to allow more)"
        default:
            return "output differs"
        }
    }

    /// "\"66\" came at 2.28 s, expected 0.70 s–1.30 s: 0.98 s late (even with the runner's …)"
    private func describe(_ miss: LinePattern.TimeMiss, in line: String) -> String {
        let late = miss.fromExpected > 0
        let stated =
            miss.expected.lowerBound == miss.expected.upperBound
            ? secondsText(miss.expected.lowerBound)
            : "\(secondsText(miss.expected.lowerBound))–\(secondsText(miss.expected.upperBound))"
        // The line without its time column: what happened, then when.
        let what = line.replacingOccurrences(of: #"^\[ *[0-9.]+s\] *"#, with: "", options: .regularExpression)
        var text =
            "\(quoted(what)) came at \(secondsText(miss.actual)), expected \(stated): "
            + "\(secondsText(abs(miss.fromExpected))) \(late ? "late" : "early")"
        let slack = miss.allowed.upperBound - miss.expected.upperBound
        if slack > 0 {
            text +=
                "; even with the runner's \(secondsText(slack)) allowance for a busy machine it is "
                + "\(secondsText(abs(miss.offBy))) out (\(secondsText(abs(miss.offBy) / speed)) of real time at \(speedText(speed)))"
        }
        return text
    }
}

func secondsText(_ value: Double) -> String { String(format: "%.2f s", value) }

func quoted(_ text: String) -> String { "\"\(shortened(text))\"" }
