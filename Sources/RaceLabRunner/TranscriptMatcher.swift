import RaceLabContract

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

    func key(_ step: Int, _ line: Int) -> Int { step * (lines.count + 1) + line }

    mutating func match(_ step: Int, _ line: Int) -> Bool {
        if failed.contains(key(step, line)) { return false }
        let result = attempt(step, line)
        if !result { failed.insert(key(step, line)) }
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
            // A loop, not a call per skipped line: the depth of the search is bounded by the
            // transcript's steps, not by the output's lines (a page of 5000 lines under `...`
            // overflowed the stack when each skipped line was a call).
            // Once `...` failed from a line on, it fails from every later line: those are marked, and a
            // later entry stops where an earlier one began, so each line is tried once per `...`.
            var next = line
            while next <= lines.count {
                if next > line && failed.contains(key(step, next)) { break }
                if match(step + 1, next) { return true }
                next += 1
            }
            for tried in line..<next { failed.insert(key(step, tried)) }
            return false
        case .line(let pattern, let source):
            guard line < lines.count, pattern.matches(lines[line], times: times) else {
                note(line, mismatch(line, pattern, source))
                return false
            }
            return match(step + 1, line + 1)
        case .anyOrder(let members):
            if let (offset, member) = Self.unmatched(
                members, Array(lines[line..<min(lines.count, line + members.count)]), times)
            {
                note(line + offset, mismatch(line + offset, member.0, member.sourceLine, anyOrder: true))
                return false
            }
            return match(step + 1, line + members.count)
        case .someOf(let members):
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

    private func mismatch(_ line: Int, _ pattern: LinePattern, _ source: Int, anyOrder: Bool = false) -> OutputMismatch
    {
        let actual = line < lines.count ? lines[line] : nil
        return OutputMismatch(
            outputLine: actual == nil ? nil : line + 1, actual: actual, transcriptLine: source,
            expected: pattern.source,
            timeMisses: actual.flatMap { pattern.timeMisses($0, times: times) } ?? [],
            lastLine: actual == nil ? lines.last : nil, anyOrder: anyOrder)
    }

    private mutating func note(_ line: Int, _ mismatch: OutputMismatch) {
        if !mismatch.timeMisses.isEmpty, deepestTime == nil || line > deepestTime!.line {
            deepestTime = (line, mismatch)
        }
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
            for member in members.indices
            where !seen.contains(member) && members[member].0.matches(block[line], times: times) {
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
                let sameShape = owner.indices.first {
                    owner[$0] == nil && members[$0].0.timeMisses(block[line], times: times) != nil
                }
                return (line, members[sameShape ?? owner.firstIndex(where: { $0 == nil }) ?? 0])
            }
        }
        if !allowShort, block.count < members.count, let free = owner.firstIndex(where: { $0 == nil }) {
            return (block.count, members[free])
        }
        return nil
    }
}
