import Foundation

/// An attendee's progress through the exercises, kept in `.racelab-progress.json` at the package's
/// root (git-ignored): each exercise's last verdict, which version of the attendee's files it was
/// for, and how many hints they have seen.
public struct Progress: Codable, Equatable {
    public struct Entry: Codable, Equatable {
        /// True when the last check passed.
        public var passed: Bool?
        /// The fingerprint of the attendee's files that the last check was of.
        public var checkedFiles: String?
        public var hintsShown = 0
        /// It passed once, before a reset put the starter back.
        public var passedBeforeReset: Bool?
        /// What the last failed check said first (its first lines), which picks the hint for it.
        public var lastFailure: String?
        /// The failure a hint keyed to it was shown for: asked again, the next hint in order comes.
        public var keyedHintFor: String?
    }

    public var exercises: [String: Entry] = [:]

    public static let fileName = ".racelab-progress.json"

    public static func load(root: String) -> Progress {
        guard let data = FileManager.default.contents(atPath: "\(root)/\(fileName)"),
            let progress = try? JSONDecoder().decode(Progress.self, from: data)
        else { return Progress() }  // none yet, or unreadable: start again rather than stop the attendee
        return progress
    }

    /// Reads, changes and saves the progress as one step, with the file locked (`flock`) for the whole
    /// of it: an attendee may run `watch` in one terminal and `hint` in another, and a hint saved from
    /// a reading made before a PASS was recorded would otherwise undo the PASS.
    static func update(root: String, print: (String) -> Void, _ change: (inout Progress) -> Void) {
        let lock = open("\(root)/\(lockName)", O_CREAT | O_RDWR, 0o644)
        if lock >= 0 { _ = flock(lock, LOCK_EX) }
        defer {
            if lock >= 0 {
                _ = flock(lock, LOCK_UN)
                close(lock)
            }
        }
        var progress = load(root: root)
        change(&progress)
        progress.save(root: root, print: print)
    }

    /// Beside the progress file, git-ignored like it.
    static let lockName = ".racelab-progress.lock"

    /// Saves, or says in one line why it could not (progress is a convenience: never a reason to fail).
    private func save(root: String, print: (String) -> Void) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(self).write(to: URL(fileURLWithPath: "\(root)/\(Self.fileName)"), options: .atomic)
        } catch {
            print("(could not save your progress in \(Self.fileName): \((error as NSError).localizedDescription))")
        }
    }

    public subscript(exercise number: Int) -> Entry {
        get { exercises[String(number)] ?? Entry() }
        set { exercises[String(number)] = newValue }
    }
}

/// Where an attendee stands on one exercise.
public enum ExerciseState: Equatable {
    case notStarted, editedNotChecked, notYet, passed, editedSincePassing, resetAfterPassing

    public var text: String {
        switch self {
        case .notStarted: return "not started"
        case .resetAfterPassing: return "passed once, then reset to the starter"
        case .editedNotChecked: return "started, not checked yet"
        case .notYet: return "not yet"
        case .passed: return "passed"
        case .editedSincePassing: return "passed, edited since: check again"
        }
    }
}

extension Runner {
    /// A fingerprint of the attendee's files as they are now (FNV-1a over their bytes; "missing" for
    /// a missing file), to tell whether a verdict is still about them.
    func fingerprint(_ exercise: ExerciseInfo) -> String {
        var hash = FNV1a()
        for file in exercise.attendeeFiles {
            hash.add(
                FileManager.default.contents(atPath: "\(workspace.root)/\(exercise.folder)/\(file)")
                    ?? Data("missing".utf8))
            hash.add([0])
        }
        return hash.hex
    }

    func state(of exercise: ExerciseInfo, in progress: Progress) -> ExerciseState {
        let entry = progress[exercise: exercise.number]
        let current = fingerprint(exercise)
        guard let passed = entry.passed, entry.checkedFiles != nil else {
            let pristine = exercise.attendeeFiles.allSatisfy { isPristine($0, of: exercise) }
            return pristine ? (entry.passedBeforeReset == true ? .resetAfterPassing : .notStarted) : .editedNotChecked
        }
        if entry.checkedFiles == current { return passed ? .passed : .notYet }
        return passed ? .editedSincePassing : .editedNotChecked
    }

    /// After a reset: no verdict is about the attendee's files any more (whether one passed is kept).
    func forgetVerdict(on exercise: ExerciseInfo) {
        Progress.update(root: workspace.root, print: print) { progress in
            var entry = progress[exercise: exercise.number]
            if entry.passed == true || entry.passedBeforeReset == true { entry.passedBeforeReset = true }
            entry.passed = nil
            entry.checkedFiles = nil
            progress[exercise: exercise.number] = entry
        }
    }

    /// Records a verdict on the attendee's files as they are now; `failure`: what a failed one said first.
    func record(_ passed: Bool, for exercise: ExerciseInfo, failure: String? = nil) {
        let files = fingerprint(exercise)
        Progress.update(root: workspace.root, print: print) { progress in
            progress[exercise: exercise.number].passed = passed
            progress[exercise: exercise.number].checkedFiles = files
            progress[exercise: exercise.number].lastFailure = passed ? nil : failure
        }
    }
}

/// An exercise's hints: `hint.md`'s numbered items ("1. …" and the indented lines under it).
func parseHints(_ text: String) -> [String] { parseKeyedHints(text).map(\.text) }

/// A hint, and the words of a failed verdict it is for: an item's last indented line
/// `for: torn, a read got in between` (not shown) names them, any one matching, case aside.
struct Hint: Equatable {
    var text: String
    var keys: [String] = []

}

func parseKeyedHints(_ text: String) -> [Hint] {
    var hints: [(lines: [Substring], keys: [String])] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let number = line.prefix { $0.isNumber }
        if !number.isEmpty, line.dropFirst(number.count).hasPrefix(". ") {
            hints.append(([line.dropFirst(number.count + 2)], []))
        } else if !hints.isEmpty, line.hasPrefix(" ") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("for: ") {
                hints[hints.count - 1].keys += trimmed.dropFirst(5).split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }.filter { !$0.isEmpty }
            } else {
                hints[hints.count - 1].lines.append(Substring(trimmed))
            }
        }
    }
    return hints.map { Hint(text: $0.lines.joined(separator: "\n"), keys: $0.keys) }
}
