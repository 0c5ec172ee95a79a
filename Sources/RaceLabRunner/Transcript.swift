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

    /// Every outcome block, in the order written.
    public var outcomes: [Outcome] {
        func collect(_ steps: [Step]) -> [Outcome] {
            steps.flatMap { step -> [Outcome] in
                guard case .outcomes(let list) = step else { return [] }
                return list.flatMap { [$0] + collect($0.steps) }
            }
        }
        return collect(steps)
    }

    public struct Problem: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public init(parsing text: String) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let separator = lines.firstIndex(of: "---") else {
            throw Problem(line: 1, message: "no '---' line: the header (verdict, exit, …) comes first, then '---', then the expected output")
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
            throw Problem(line: 1, message: "the outcome blocks combine into \(count) endings; at most \(Self.maximumAlternatives)")
        }
    }

    static let maximumAlternatives = 256

    /// Reads the lines that start with `indent` from `index` on: at the top level every line; inside
    /// an `outcome` block the lines indented under it. (Leading spaces after the indent are output.)
    private func block(_ body: [(Int, String)], from index: inout Int, indent: String) throws -> [Step] {
        var steps: [Step] = []
        while index < body.count, body[index].1.hasPrefix(indent), indent.isEmpty || !trimmedTrailing(body[index].1).isEmpty {
            let (number, raw) = body[index]
            let line = String(raw.dropFirst(indent.count))
            index += 1
            if line == "#" || line.hasPrefix("# ") { continue }
            if line == "..." {
                steps.append(.skip(sourceLine: number))
            } else if ["any order:", "some of:"].contains(trimmedTrailing(line)) {
                var members: [(LinePattern, sourceLine: Int)] = []
                let inner = indent + "  "
                while index < body.count, body[index].1.hasPrefix(inner) {
                    members.append((try pattern(String(body[index].1.dropFirst(inner.count)), number: body[index].0), body[index].0))
                    index += 1
                }
                guard !members.isEmpty else {
                    throw Problem(line: number, message: "'\(trimmedTrailing(line))' needs the lines that follow it indented by two more spaces")
                }
                steps.append(trimmedTrailing(line) == "any order:" ? .anyOrder(members) : .someOf(members))
            } else if line.hasPrefix("outcome ") {
                let outcome = try outcomeHeader(line, number: number)
                let body = try block(body, from: &index, indent: indent + "  ")
                guard !body.isEmpty else {
                    throw Problem(line: number, message: "'\(trimmedTrailing(line))' needs the lines it expects, indented by two more spaces")
                }
                let full = Outcome(name: outcome.name, kind: outcome.kind, steps: body, sourceLine: number)
                if case .outcomes(let list)? = steps.last {
                    steps[steps.count - 1] = .outcomes(list + [full])
                } else {
                    steps.append(.outcomes([full]))
                }
            } else {
                steps.append(.line(try pattern(line, number: number), sourceLine: number))
            }
        }
        return steps
    }

    /// `outcome a finish was lost (interesting):`
    private func outcomeHeader(_ line: String, number: Int) throws -> (name: String, kind: Outcome.Kind) {
        let text = trimmedTrailing(line).dropFirst("outcome ".count)
        let kinds = Outcome.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        guard text.hasSuffix("):"), let open = text.range(of: " (", options: .backwards),
            let kind = Outcome.Kind(rawValue: String(text[open.upperBound..<text.index(text.endIndex, offsetBy: -2)]))
        else {
            throw Problem(line: number, message: "an outcome is 'outcome NAME (CLASS):' with CLASS one of \(kinds)")
        }
        let name = text[..<open.lowerBound].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw Problem(line: number, message: "the outcome needs a name") }
        return (name, kind)
    }

    /// The transcript as plain step lists, one per combination of outcomes (a transcript without
    /// outcome blocks has one), legal endings first.
    var alternatives: [(steps: [Step], outcomes: [Outcome])] {
        func expand(_ steps: ArraySlice<Step>) -> [([Step], [Outcome])] {
            guard let first = steps.first else { return [([], [])] }
            let rest = expand(steps.dropFirst())
            guard case .outcomes(let list) = first else { return rest.map { ([first] + $0.0, $0.1) } }
            var result: [([Step], [Outcome])] = []
            for outcome in list {
                for inner in expand(outcome.steps[...]) {
                    for tail in rest where result.count <= Self.maximumAlternatives {
                        result.append((inner.0 + tail.0, [outcome] + inner.1 + tail.1))
                    }
                }
            }
            return result
        }
        let all = expand(steps[...])
        return all.filter { !$0.1.contains { $0.kind == .forbidden } } + all.filter { $0.1.contains { $0.kind == .forbidden } }
    }

    private func pattern(_ text: String, number: Int) throws -> LinePattern {
        do {
            return try LinePattern(text, tolerance: tolerance)
        } catch {
            throw Problem(line: number, message: "\(error)")
        }
    }

    private mutating func readHeader(_ line: String, number lineNumber: Int) throws {
        let line = trimmedTrailing(line)
        if line.isEmpty || line.hasPrefix("#") { return }
        guard let colon = line.firstIndex(of: ":") else {
            throw Problem(line: lineNumber, message: "'\(line)' is not 'key: value'")
        }
        let key = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        func parsed<T: LosslessStringConvertible>(_: T.Type) throws -> T {
            guard let parsed = T(value) else { throw Problem(line: lineNumber, message: "\(key) needs a number, not '\(value)'") }
            return parsed
        }
        switch key {
        case "verdict":
            verdict = try ExpectedVerdict(parsing: value).orThrow(Problem(line: lineNumber, message: "verdict is 'clean' or 'race Type.function', 'race function()', 'race top-level code of file.swift' (several: separated by commas), not '\(value)'"))
        case "exit": exitStatus = try parsed(Int32.self)
        case "timeout": timeout = try parsed(Double.self)
        case "tolerance": tolerance = try parsed(Double.self)
        case "speed":
            let value = try parsed(Double.self)
            guard value >= 1, value <= 100 else { throw Problem(line: lineNumber, message: "speed is from 1 to 100, not \(value)") }
            speed = value
        case "starter fails":
            throw Problem(line: lineNumber, message: "how a starter fails is written once, in its own file: a '// must fail: \(value)' line in Referee/Starter/")
        case "timed order":
            guard value == "yes" || value == "no" else { throw Problem(line: lineNumber, message: "timed order is 'yes' or 'no', not '\(value)'") }
            timedOrder = value == "yes"
        default:
            throw Problem(line: lineNumber, message: "unknown header '\(key)'; known: verdict, exit, timeout, tolerance, speed, timed order")
        }
    }
}

/// The TSan verdict a transcript expects.
public enum ExpectedVerdict: Equatable, CustomStringConvertible {
    case clean
    /// Data races, each reported in the named function (e.g. `Person.changeName`) on at least one side.
    case races([String])

    init?(parsing text: String) {
        if text == "clean" {
            self = .clean
            return
        }
        var functions: [String] = []
        for item in text.split(separator: ",") {
            guard let function = Self.function(item.trimmingCharacters(in: .whitespaces)) else { return nil }
            functions.append(function)
        }
        guard !functions.isEmpty else { return nil }
        self = .races(functions)
    }

    /// `race Person.changeName` (a function named with its type, so it cannot match by accident),
    /// `race bump()` (a free function), `race top-level code of main.swift`.
    static func function(_ item: String) -> String? {
        guard item.hasPrefix("race ") else { return nil }
        let name = item.dropFirst("race ".count).trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("top-level code of "), name.hasSuffix(".swift") { return name }
        guard !name.contains(" ") else { return nil }
        if name.hasSuffix("()"), name.count > 2, !name.dropLast(2).contains(".") { return name }
        guard name.contains("."), !name.hasPrefix("."), !name.hasSuffix(".") else { return nil }
        return name
    }

    public var description: String {
        switch self {
        case .clean: return "clean"
        case .races(let functions): return functions.map { "race in \($0)" }.joined(separator: ", ")
        }
    }
}

extension Optional {
    func orThrow(_ error: Error) throws -> Wrapped {
        guard let value = self else { throw error }
        return value
    }
}
