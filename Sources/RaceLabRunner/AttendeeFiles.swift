import Foundation

/// The attendee's files of an exercise, as `racelab exercise` reads them.
extension Runner {
    /// The text of the attendee's files (those that can be read).
    func attendeeSources(_ exercise: ExerciseInfo) -> [String] {
        exercise.attendeeFiles.compactMap { file in
            FileManager.default.contents(atPath: "\(workspace.root)/\(exercise.folder)/\(file)").map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// An attendee file that is gone or has nothing in it: say so, rather than let the compiler
    /// blame the driver for the types it cannot find.
    func missingOrEmpty(_ exercise: ExerciseInfo) -> String? {
        for file in exercise.attendeeFiles {
            let path = "\(exercise.folder)/\(file)"
            guard let data = FileManager.default.contents(atPath: "\(workspace.root)/\(path)") else {
                return "your file \(path) is missing (deleted, renamed or moved)."
            }
            if String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                return "your file \(path) is empty."
            }
        }
        return nil
    }

    /// True when the exercise's copy of `file` is the starter's, byte for byte.
    func isPristine(_ file: String, of exercise: ExerciseInfo) -> Bool {
        let folder = "\(workspace.root)/\(exercise.folder)"
        return FileManager.default.contents(atPath: "\(folder)/\(file)")
            == FileManager.default.contents(atPath: "\(workspace.root)/\(exercise.starterFolder)/\(file)")
    }
}

/// Whether Swift source uses the Synchronization module's `Mutex` (outside comments, roughly: a line
/// that is not a comment and names `Mutex` as a word).
func usesMutex(_ source: String) -> Bool { names("Mutex", source) }

/// Whether Swift source calls `removeDependency` (outside comments, roughly).
func usesRemoveDependency(_ source: String) -> Bool { names("removeDependency", source) }

/// Whether Swift source uses `NSConditionLock`.
func usesConditionLock(_ source: String) -> Bool { names("NSConditionLock", source) }

/// Whether a line of `source` that is not a comment names `word` as a word.
private func names(_ word: String, _ source: String) -> Bool {
    source.split(separator: "\n").contains { line in
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { return false }
        return code.range(of: "(^|[^A-Za-z0-9_])\(word)([^A-Za-z0-9_]|$)", options: .regularExpression) != nil
    }
}
