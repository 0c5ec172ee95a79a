import Foundation

/// The attendee's files of an exercise, as `racelab exercise` reads them.
extension Runner {
    /// The text of the attendee's files (those that can be read).
    func attendeeSources(_ exercise: ExerciseInfo) -> [String] {
        attendeeTexts(exercise, folder: exercise.folder).map(\.text)
    }

    /// The attendee's files as they are in `folder` (theirs, or a variant's that `verify` judges), each
    /// with its path from the package root; those that cannot be read are left out.
    func attendeeTexts(_ exercise: ExerciseInfo, folder: String) -> [(path: String, text: String)] {
        exercise.attendeeFiles.compactMap { file in
            let path = "\(folder)/\(file)"
            return FileManager.default.contents(atPath: "\(workspace.root)/\(path)").map {
                (path, String(decoding: $0, as: UTF8.self))
            }
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
