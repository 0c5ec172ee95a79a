import Foundation

/// A documented reason an exercise variant that must fail (its starter, a known wrong fix) fails,
/// written once, in the variant's own Swift file: `// must fail: race Person.name.getter, output`.
/// `either` is "race F or crash": any one of them (code whose race can also corrupt memory fails one
/// way or the other, not always the same).
public indirect enum ExpectedFailure: Equatable, CustomStringConvertible {
    case race(String)
    case output, timeout, crash, exit
    /// The driver and ThreadSanitizer pass it; the schedule explorer finds a wrong schedule.
    case explorer
    case either([ExpectedFailure])

    init?(parsing text: String) {
        let alternatives = text.components(separatedBy: " or ")
        if alternatives.count > 1 {
            let parsed = alternatives.compactMap { ExpectedFailure(parsing: $0.trimmingCharacters(in: .whitespaces)) }
            guard parsed.count == alternatives.count else { return nil }
            self = .either(parsed)
            return
        }
        let words = text.split(separator: " ").map(String.init)
        switch (words.first, words.count) {
        case ("race", _) where ExpectedVerdict.function(text) != nil: self = .race(ExpectedVerdict.function(text)!)
        case ("output", 1): self = .output
        case ("timeout", 1): self = .timeout
        case ("crash", 1): self = .crash
        case ("exit", 1): self = .exit
        case ("explorer", 1): self = .explorer
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .race(let function): return "race \(function)"
        case .output: return "output"
        case .timeout: return "timeout"
        case .crash: return "crash"
        case .exit: return "exit"
        case .explorer: return "explorer"
        case .either(let alternatives): return alternatives.map(\.description).joined(separator: " or ")
        }
    }
}

extension ExpectedFailure {
    /// `race F`, or an `or` with one among its alternatives: a run must be read to judge it.
    var namesARace: Bool {
        switch self {
        case .race: return true
        case .either(let alternatives): return alternatives.contains(where: \.namesARace)
        case .output, .timeout, .crash, .exit, .explorer: return false
        }
    }

    /// The comment that documents a variant's failures, and the only place they are written.
    static let marker = "// must fail:"
    static let syntax = "race F, output, timeout, crash, exit, explorer (several: commas; 'A or B': either)"

    /// `race Person.name.getter, output`: what follows `// must fail:` (and `racelab check --must-fail`);
    /// nil unless every item is one of `syntax`.
    static func list(_ text: String) -> [ExpectedFailure]? {
        let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let failures = items.compactMap(ExpectedFailure.init(parsing:))
        return failures.count == items.count && !failures.isEmpty ? failures : nil
    }

    /// Where a starter says how it fails: a file of its own beside the referee's copy, so the
    /// attendee's copy (which must equal the starter's Swift files) says nothing of the referee.
    static let starterFile = "must-fail.txt"

    /// The `// must fail:` lines of the Swift files in `folder` (a symlinked driver included, which has
    /// none) and of its `must-fail.txt`, as (file, line number, failures or the problem with them).
    static func documented(in folder: String) -> [(
        file: String, line: Int, failures: Result<[ExpectedFailure], Workspace.Problem>
    )] {
        markedLines(marker, in: folder).map { file, line, text in
            (
                file, line,
                list(String(text.dropFirst(marker.count))).map { .success($0) }
                    ?? .failure(.init(description: "\(file):\(line): '\(text)' takes: \(syntax)"))
            )
        }
    }

    /// The lines of a variant's Swift files and its `must-fail.txt` that begin with `marker` (in any
    /// case, after spaces), trimmed, with their file and line number: where a variant says how it fails
    /// (`// must fail:`) and what its verdict leads with (`VerdictLead`).
    static func markedLines(_ marker: String, in folder: String) -> [(file: String, line: Int, text: String)] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasSuffix(".swift") || $0 == starterFile
        }.sorted()
        return files.flatMap { file -> [(file: String, line: Int, text: String)] in
            guard let text = try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8) else { return [] }
            return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
                index, line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return trimmed.lowercased().hasPrefix(marker) ? (file, index + 1, trimmed) : nil
            }
        }
    }
}
