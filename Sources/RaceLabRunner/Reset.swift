import Foundation

extension Runner {
    /// Puts the starter back. Every edited file is backed up first, and only after the attendee said
    /// yes (or passed --yes): nothing they wrote is lost.
    public func reset(_ number: Int, confirmed: Bool, ask: () -> String?) throws -> Bool {
        let exercise = try workspace.exercise(number)
        let folder = "\(workspace.root)/\(exercise.folder)"
        let edited = (exercise.attendeeFiles + exercise.driverFiles).filter { !isPristine($0, of: exercise) }
        guard !edited.isEmpty else {
            print("Exercise \(number) is already as it started: nothing to reset.")
            return true
        }
        if !confirmed {
            print("This puts the starter back in \(edited.map { "\(exercise.folder)/\($0)" }.joined(separator: ", ")).")
            print("Your version is kept as a backup in Backups/. Go ahead? [y/N]")
            guard let answer = ask(), ["y", "yes"].contains(answer.lowercased()) else {
                print("Nothing changed.")
                return false
            }
        }
        // Backups live outside the package's targets, so they never confuse a build; a second reset
        // in the same second gets a folder of its own.
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        var backups = "Backups/exercise\(number)-\(stamp)"
        var suffix = 2
        while FileManager.default.fileExists(atPath: "\(workspace.root)/\(backups)") {
            backups = "Backups/exercise\(number)-\(stamp)-\(suffix)"
            suffix += 1
        }
        do {
            try FileManager.default.createDirectory(
                atPath: "\(workspace.root)/\(backups)", withIntermediateDirectories: true)
            for file in edited {
                let mine = "\(folder)/\(file)"
                let existed = FileManager.default.fileExists(atPath: mine)
                if existed {
                    try FileManager.default.copyItem(atPath: mine, toPath: "\(workspace.root)/\(backups)/\(file)")
                }
                let starter = try Data(
                    contentsOf: URL(fileURLWithPath: "\(workspace.root)/\(exercise.starterFolder)/\(file)"))
                try starter.write(to: URL(fileURLWithPath: mine))
                print(
                    existed
                        ? "Reset \(exercise.folder)/\(file); your version is in \(backups)/\(file)"
                        : "Put back \(exercise.folder)/\(file), which was missing")
            }
        } catch {
            print(
                "Could not finish the reset: \((error as NSError).localizedDescription) Your files are as listed above;"
            )
            print("the starter copies are in \(exercise.starterFolder)/ to copy by hand.")
            return false
        }
        return true
    }
}
