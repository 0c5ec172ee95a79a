import RaceLab

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

    public var description: String {
        switch (actual, expected) {
        case let (actual?, expected?):
            return "output line \(outputLine!): \(quoted(actual))\n  expected (transcript line \(transcriptLine!)): \(quoted(expected))"
                + timeMisses.map { "\n  " + describe($0, in: actual) }.joined()
        case let (nil, expected?):
            return "the end of the output: it ended early\n  expected (transcript line \(transcriptLine!)): \(quoted(expected))"
        case let (actual?, nil):
            return "output line \(outputLine!): \(quoted(actual))\n  expected no more output (end the transcript with '...' to allow more)"
        default:
            return "output differs"
        }
    }

    /// "\"66\" came at 2.28 s, expected 0.70 s–1.30 s: 0.98 s late (even with the runner's …)"
    private func describe(_ miss: LinePattern.TimeMiss, in line: String) -> String {
        let late = miss.fromExpected > 0
        let stated = miss.expected.lowerBound == miss.expected.upperBound
            ? secondsText(miss.expected.lowerBound) : "\(secondsText(miss.expected.lowerBound))–\(secondsText(miss.expected.upperBound))"
        // The line without its time column: what happened, then when.
        let what = line.replacingOccurrences(of: #"^\[ *[0-9.]+s\] *"#, with: "", options: .regularExpression)
        var text = "\(quoted(what)) came at \(secondsText(miss.actual)), expected \(stated): "
            + "\(secondsText(abs(miss.fromExpected))) \(late ? "late" : "early")"
        let slack = miss.allowed.upperBound - miss.expected.upperBound
        if slack > 0 {
            text += "; even with the runner's \(secondsText(slack)) allowance for a busy machine it is "
                + "\(secondsText(abs(miss.offBy))) out (\(secondsText(abs(miss.offBy) / speed)) of real time at \(speedText(speed)))"
        }
        return text
    }
}

func secondsText(_ value: Double) -> String { String(format: "%.2f s", value) }

func quoted(_ text: String) -> String { "\"\(text)\"" }

/// How output met a transcript: the outcome blocks it went through, or where it parted ways.
public struct OutputMatch {
    /// The outcomes of the ending that matched (none when the transcript declares none, or nothing matched).
    public var outcomes: [Transcript.Outcome] = []
    public var mismatch: OutputMismatch?
    /// The furthest line whose shape matched but whose time did not: what to show when times are all
    /// that is wrong (with `...` in a transcript, the furthest mismatch is often just the end).
    public var timeMismatch: OutputMismatch?

    public var matched: Bool { mismatch == nil }
}

extension Transcript {
    /// Matches `output` (stdout, split in lines) against the steps; nil when it matches.
    public func mismatch(in output: String, times: LinePattern.TimeCheck = .exact) -> OutputMismatch? {
        match(output, times: times).mismatch
    }

    /// Tries each ending the outcome blocks allow, legal ones first; the first that matches wins.
    /// When none does, the mismatch is the one that got furthest through the output.
    public func match(_ output: String, times: LinePattern.TimeCheck = .exact) -> OutputMatch {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let last = lines.last, trimmedTrailing(last).isEmpty { lines.removeLast() }
        var best: (line: Int, mismatch: OutputMismatch)?
        var bestTime: (line: Int, mismatch: OutputMismatch)?
        for alternative in alternatives {
            var search = Search(steps: alternative.steps, lines: lines, times: times)
            if search.match(0, 0) { return OutputMatch(outcomes: alternative.outcomes) }
            if best == nil || search.deepestLine > best!.line { best = (search.deepestLine, search.deepest) }
            if let time = search.deepestTime, bestTime == nil || time.line > bestTime!.line { bestTime = time }
        }
        return OutputMatch(mismatch: best?.mismatch ?? OutputMismatch(), timeMismatch: bestTime?.mismatch)
    }
}

/// A backtracking match (only `...` makes choices), memoised on (step, line), remembering the
/// deepest point it reached: that is the mismatch a person wants to see.
private struct Search {
    let steps: [Transcript.Step]
    let lines: [String]
    let times: LinePattern.TimeCheck
    var failed = Set<Int>()
    var deepest = OutputMismatch()
    var deepestLine = -1
    var deepestTime: (line: Int, mismatch: OutputMismatch)?

    init(steps: [Transcript.Step], lines: [String], times: LinePattern.TimeCheck) {
        self.steps = steps
        self.lines = lines
        self.times = times
    }

    mutating func match(_ step: Int, _ line: Int) -> Bool {
        let key = step * (lines.count + 1) + line
        if failed.contains(key) { return false }
        let result = attempt(step, line)
        if !result { failed.insert(key) }
        return result
    }

    private mutating func attempt(_ step: Int, _ line: Int) -> Bool {
        guard step < steps.count else {
            if line == lines.count { return true }
            note(line, OutputMismatch(outputLine: line + 1, actual: lines[line]))
            return false
        }
        switch steps[step] {
        case .skip:
            return match(step + 1, line) || (line < lines.count && match(step, line + 1))
        case let .line(pattern, source):
            guard line < lines.count, pattern.matches(lines[line], times: times) else {
                note(line, mismatch(line, pattern, source))
                return false
            }
            return match(step + 1, line + 1)
        case let .anyOrder(members):
            if let (offset, member) = Self.unmatched(members, Array(lines[line..<min(lines.count, line + members.count)]), times) {
                note(line + offset, mismatch(line + offset, member.0, member.sourceLine, anyOrder: true))
                return false
            }
            return match(step + 1, line + members.count)
        case let .someOf(members):
            // The longest run of lines that distinct members take first, then shorter ones.
            for count in stride(from: min(members.count, lines.count - line), through: 0, by: -1)
            where Self.unmatched(members, Array(lines[line..<line + count]), times, allowShort: true) == nil {
                if match(step + 1, line + count) { return true }
            }
            return false
        case .outcomes:
            preconditionFailure("outcome blocks are expanded into alternatives before matching")
        }
    }

    private func mismatch(_ line: Int, _ pattern: LinePattern, _ source: Int, anyOrder: Bool = false) -> OutputMismatch {
        let expected = anyOrder ? "\(pattern.source)  (one of the 'any order' lines)" : pattern.source
        let actual = line < lines.count ? lines[line] : nil
        return OutputMismatch(
            outputLine: actual == nil ? nil : line + 1, actual: actual, transcriptLine: source, expected: expected,
            timeMisses: actual.flatMap { pattern.timeMisses($0, times: times) } ?? [])
    }

    private mutating func note(_ line: Int, _ mismatch: OutputMismatch) {
        if !mismatch.timeMisses.isEmpty, deepestTime == nil || line > deepestTime!.line { deepestTime = (line, mismatch) }
        if line > deepestLine {
            deepestLine = line
            deepest = mismatch
        }
    }

    /// Assigns each line of `block` to a different member that matches it. Returns nil when every
    /// member has a line, else the first line left without a member (or, if the block is short, the
    /// position after it) and a member nobody matched. `allowShort`: a block shorter than the members
    /// is fine (`some of:`).
    static func unmatched(
        _ members: [(LinePattern, sourceLine: Int)], _ block: [String], _ times: LinePattern.TimeCheck,
        allowShort: Bool = false
    ) -> (Int, (LinePattern, sourceLine: Int))? {
        var owner = [Int?](repeating: nil, count: members.count)  // member -> line
        func place(_ line: Int, _ seen: inout Set<Int>) -> Bool {
            for member in members.indices where !seen.contains(member) && members[member].0.matches(block[line], times: times) {
                seen.insert(member)
                if owner[member] == nil || place(owner[member]!, &seen) {
                    owner[member] = line
                    return true
                }
            }
            return false
        }
        for line in block.indices {
            var seen = Set<Int>()
            if !place(line, &seen) {
                // Prefer a free member of the same shape: then the report can say which time was off.
                let sameShape = owner.indices.first { owner[$0] == nil && members[$0].0.timeMisses(block[line], times: times) != nil }
                return (line, members[sameShape ?? owner.firstIndex(where: { $0 == nil }) ?? 0])
            }
        }
        if !allowShort, block.count < members.count, let free = owner.firstIndex(where: { $0 == nil }) {
            return (block.count, members[free])
        }
        return nil
    }
}
