import Foundation

/// One row of an exercise's table of verdicts by mistake class, as its referee notes show it
/// (docs/referee/exerciseN.md): a starter or wrong fix, the first two lines of the verdict an
/// attendee would read of it, and what its `// verdict leads with:` line holds them to.
struct VerdictRow: Equatable {
    var exercise: Int
    /// `Starter/`, or the wrong fix's folder name.
    var fixture: String
    var lines: [String]
    /// Held to this lead in this run; not held, and why; or no lead documented.
    var lead: Lead
    /// The hint (from 1) `racelab hint N` gives after a check that failed so; nil: the next in order.
    var hint: Int?

    enum Lead: Equatable {
        case held(VerdictLead)
        case notHeld(VerdictLead, why: String)
        case none

        /// How `verify`'s PASS line says it: `timingWasOff`, the driver said so; `lateness`, how far
        /// behind the machine fell while it ran.
        func said(timingWasOff: Bool, lateness: Double?) -> String {
            switch self {
            case .held(let lead):
                ", its verdict leading with \(lead.place) and the reason"
                    + (timingWasOff
                        ? " (the driver said its timing was off"
                            + (lateness.map { "; this machine fell \(secondsText($0)) behind" } ?? "") + ")" : "")
            case .notHeld(_, let why): ", its verdict not held to its lead (\(why))"
            case .none: ""
            }
        }
    }

    /// A row for the variant `label` names ("exercise 6 starter", "exercise 6 wrong fix cancel-to-end");
    /// nil for anything else (a broken page).
    init?(label: String, lines: [String], lead: Lead) {
        let words = label.split(separator: " ").map(String.init)
        guard words.count >= 3, words[0] == "exercise", let number = Int(words[1]) else { return nil }
        switch words[2] {
        case "starter" where words.count == 3: fixture = "Starter/"
        case "wrong" where words.count == 5 && words[3] == "fix": fixture = words[4]
        default: return nil
        }
        exercise = number
        self.lines = Array(lines.prefix(2))
        self.lead = lead
    }

    /// The row in Markdown: a verdict line with its leading "- " and indentation dropped, a path in the
    /// referee's folders shortened to `…/`, backticks as quotes, `|` escaped, each line cut at 240
    /// characters.
    var markdown: String {
        let verdict = lines.map { line -> String in
            var text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("- ") { text.removeFirst(2) }
            text = text.replacingOccurrences(
                of: #"Lessons/[^ ,()]*/Exercise/Referee/(WrongFixes/[^/ ]+|Starter)/"#, with: "…/",
                options: .regularExpression)
            text = text.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
            return text.count > 240 ? String(text.prefix(239)) + "…" : text
        }.joined(separator: " / ")
        let held: String
        switch lead {
        case .held(let lead): held = lead.description.replacingOccurrences(of: "|", with: "\\|")
        case .notHeld(let lead, let why): held = "named (\(lead)), not held in this run: \(why)"
        case .none: held = "no lead documented"
        }
        return "| `\(fixture)` | \(verdict) | \(held) | \(hint.map(String.init) ?? "–") |"
    }

    /// The tables of `rows`, an exercise's after a line saying how many of its rows are held and how
    /// many key a hint.
    static func tables(_ rows: [VerdictRow]) -> [String] {
        Dictionary(grouping: rows, by: \.exercise).sorted { $0.key < $1.key }.flatMap { number, rows -> [String] in
            let held = rows.filter { if case .held = $0.lead { return true } else { return false } }.count
            let keyed = rows.filter { $0.hint != nil }.count
            let sorted = rows.sorted {
                ($0.fixture == "Starter/" ? "" : $0.fixture) < ($1.fixture == "Starter/" ? "" : $1.fixture)
            }
            return [
                "",
                "Exercise \(number): \(held) of \(rows.count) verdicts held to their lead; \(keyed) of \(rows.count) key a hint.",
                "", "| fixture | the verdict's first two lines | held to | hint |", "|---|---|---|---|",
            ] + sorted.map(\.markdown)
        }
    }
}
