import Foundation

/// Reading a transcript's body: lines, `...`, `any order:`, `some of:`, and `outcome` blocks nested
/// by indentation (docs/transcripts.md).
extension Transcript {
    /// Reads the lines that start with `indent` from `index` on: at the top level every line; inside
    /// an `outcome` block the lines indented under it. (Leading spaces after the indent are output.)
    func block(_ body: [(Int, String)], from index: inout Int, indent: String) throws -> [Step] {
        var steps: [Step] = []
        while index < body.count, body[index].1.hasPrefix(indent),
            indent.isEmpty || !trimmedTrailing(body[index].1).isEmpty
        {
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
                    members.append(
                        (
                            try pattern(String(body[index].1.dropFirst(inner.count)), number: body[index].0),
                            body[index].0
                        ))
                    index += 1
                }
                guard !members.isEmpty else {
                    throw Problem(
                        line: number,
                        message:
                            "'\(shortened(trimmedTrailing(line)))' needs the lines that follow it indented by two more spaces"
                    )
                }
                steps.append(trimmedTrailing(line) == "any order:" ? .anyOrder(members) : .someOf(members))
            } else if line.hasPrefix("outcome ") {
                let outcome = try outcomeHeader(line, number: number)
                let body = try block(body, from: &index, indent: indent + "  ")
                guard !body.isEmpty else {
                    throw Problem(
                        line: number,
                        message:
                            "'\(shortened(trimmedTrailing(line)))' needs the lines it expects, indented by two more spaces"
                    )
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

    private func pattern(_ text: String, number: Int) throws -> LinePattern {
        do {
            return try LinePattern(text, tolerance: tolerance)
        } catch {
            throw Problem(line: number, message: "\(error)")
        }
    }

}
