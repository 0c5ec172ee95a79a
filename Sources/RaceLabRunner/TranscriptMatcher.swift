/// Where output and transcript part ways: enough for a person to act on.
public struct OutputMismatch: Equatable, CustomStringConvertible {
    /// 1-based output line, or nil when the output ended too early.
    public var outputLine: Int?
    public var actual: String?
    /// 1-based transcript line of the expectation, or nil when the transcript had ended.
    public var transcriptLine: Int?
    public var expected: String?

    public var description: String {
        switch (actual, expected) {
        case let (actual?, expected?):
            return "output line \(outputLine!): \(quoted(actual))\n  expected (transcript line \(transcriptLine!)): \(quoted(expected))"
        case let (nil, expected?):
            return "output ended early\n  expected (transcript line \(transcriptLine!)): \(quoted(expected))"
        case let (actual?, nil):
            return "output line \(outputLine!): \(quoted(actual))\n  expected no more output (end the transcript with '...' to allow more)"
        default:
            return "output differs"
        }
    }
}

func quoted(_ text: String) -> String { "\"\(text)\"" }

extension Transcript {
    /// Matches `output` (stdout, split in lines) against the steps; nil when it matches.
    public func mismatch(in output: String) -> OutputMismatch? {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let last = lines.last, trimmedTrailing(last).isEmpty { lines.removeLast() }
        var search = Search(steps: steps, lines: lines)
        return search.match(0, 0) ? nil : search.deepest
    }
}

/// A backtracking match (only `...` makes choices), memoised on (step, line), remembering the
/// deepest point it reached: that is the mismatch a person wants to see.
private struct Search {
    let steps: [Transcript.Step]
    let lines: [String]
    var failed = Set<Int>()
    var deepest = OutputMismatch()
    var deepestLine = -1

    init(steps: [Transcript.Step], lines: [String]) {
        self.steps = steps
        self.lines = lines
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
            guard line < lines.count, pattern.matches(lines[line]) else {
                note(line, mismatch(line, pattern, source))
                return false
            }
            return match(step + 1, line + 1)
        case let .anyOrder(members):
            if let (offset, member) = Self.unmatched(members, Array(lines[line..<min(lines.count, line + members.count)])) {
                note(line + offset, mismatch(line + offset, member.0, member.sourceLine, anyOrder: true))
                return false
            }
            return match(step + 1, line + members.count)
        }
    }

    private func mismatch(_ line: Int, _ pattern: LinePattern, _ source: Int, anyOrder: Bool = false) -> OutputMismatch {
        let expected = anyOrder ? "\(pattern.source)  (one of the 'any order' lines)" : pattern.source
        return OutputMismatch(
            outputLine: line < lines.count ? line + 1 : nil, actual: line < lines.count ? lines[line] : nil,
            transcriptLine: source, expected: expected)
    }

    private mutating func note(_ line: Int, _ mismatch: OutputMismatch) {
        if line > deepestLine {
            deepestLine = line
            deepest = mismatch
        }
    }

    /// Assigns each line of `block` to a different member that matches it. Returns nil when every
    /// member has a line, else the first line left without a member (or, if the block is short, the
    /// position after it) and a member nobody matched.
    static func unmatched(
        _ members: [(LinePattern, sourceLine: Int)], _ block: [String]
    ) -> (Int, (LinePattern, sourceLine: Int))? {
        var owner = [Int?](repeating: nil, count: members.count)  // member -> line
        func place(_ line: Int, _ seen: inout Set<Int>) -> Bool {
            for member in members.indices where !seen.contains(member) && members[member].0.matches(block[line]) {
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
                let free = owner.firstIndex(where: { $0 == nil }) ?? 0
                return (line, members[free])
            }
        }
        if block.count < members.count, let free = owner.firstIndex(where: { $0 == nil }) {
            return (block.count, members[free])
        }
        return nil
    }
}
