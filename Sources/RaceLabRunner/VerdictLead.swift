import Foundation

/// What the verdict on a variant that fails on purpose (a starter, a known wrong fix) must say first:
/// where, a line of the attendee's file, and why, both within the first two lines of what is still
/// wrong. Written once, in the variant's own file (a starter's in its `must-fail.txt`):
/// `// verdict leads with: Person.swift:24 because "hold one lock"`. `racelab verify` holds the
/// variant's verdict to it, so a verdict that loses the line or the reason fails CI. Where a run may
/// name one of several lines (which of two writes TSan caught first), `Person.swift:26 or Person.swift:28`;
/// where it may fail one of two ways (a race, or the driver's account of it), `because "a" or "b"`.
struct VerdictLead: Equatable, CustomStringConvertible {
    /// A file of the attendee's and a line of it: `Person.swift:24`; alternatives joined by " or ".
    var place: String
    /// Words of the reason, as the verdict says them; alternatives joined by `" or "` (quotes included).
    var because: String

    static let marker = "// verdict leads with:"
    static let syntax = #"File.swift:LINE because "words of the reason""#

    init(place: String, because: String) {
        self.place = place
        self.because = because
    }

    /// `Person.swift:24 because "hold one lock"`; nil when it is not in that form.
    init?(parsing text: String) {
        let place = #"[A-Za-z0-9_+-]+\.swift:[0-9]+"#
        let reason = #""[^"]+""#
        let pattern = #"^\s*(\#(place)(\s+or\s+\#(place))*)\s+because\s+\#(reason)(\s+or\s+\#(reason))*\s*$"#
        guard let match = text.range(of: pattern, options: .regularExpression) else { return nil }
        let found = String(text[match]).trimmingCharacters(in: .whitespaces)
        guard let because = found.range(of: " because ") else { return nil }
        let places = found[..<because.lowerBound].split(separator: " ").filter { $0 != "or" }
        // "a" or "b": the quoted parts, every other piece between quotes.
        let reasons = found[because.upperBound...].split(separator: "\"", omittingEmptySubsequences: false)
            .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        self.init(place: places.joined(separator: " or "), because: reasons.joined(separator: "\" or \""))
    }

    var description: String { "\(place) because \"\(because)\"" }

    /// What the first two of `lines` lack of the place and the reason; nil when they hold both. The
    /// place counts as a whole file name and line: `Person.swift:24` is not found in `Person.swift:245`
    /// or in `OldPerson.swift:24`.
    func missing(from lines: [String]) -> String? {
        let first = lines.prefix(2).joined(separator: "\n")
        let hasPlace = place.components(separatedBy: " or ").contains { one in
            let escaped = NSRegularExpression.escapedPattern(for: one)
            return first.range(of: #"(^|[^A-Za-z0-9_+-])\#(escaped)(?![0-9])"#, options: .regularExpression) != nil
        }
        let hasReason = because.components(separatedBy: "\" or \"").contains { first.contains($0) }
        switch (hasPlace, hasReason) {
        case (true, true): return nil
        case (false, true): return "the place \(place)"
        case (true, false): return "the reason \"\(because)\""
        case (false, false): return "the place \(place) and the reason \"\(because)\""
        }
    }

    /// The `// verdict leads with:` lines of a variant's folder (its Swift files and `must-fail.txt`):
    /// none, one, or a problem with them.
    static func documented(in folder: String) -> Result<VerdictLead?, Workspace.Problem> {
        let found = ExpectedFailure.markedLines(marker, in: folder).map { file, line, text in
            (place: "\(file):\(line)", lead: VerdictLead(parsing: String(text.dropFirst(marker.count))), text: text)
        }
        guard let only = found.first else { return .success(nil) }
        guard found.count == 1 else {
            return .failure(
                .init(
                    description:
                        "\(folder) says what its verdict leads with more than once (\(found.map(\.place).joined(separator: ", "))): keep one"
                ))
        }
        guard let lead = only.lead else {
            return .failure(.init(description: "\(folder)/\(only.place): '\(only.text)' takes: \(syntax)"))
        }
        return .success(lead)
    }
}
