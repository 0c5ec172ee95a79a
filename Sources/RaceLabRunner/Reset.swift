import Foundation

extension Runner {
    /// Puts the starter back. Every edited file is named first, your work apart from the driver, and
    /// backed up, and only after the attendee said yes (or passed --yes): nothing they wrote is lost.
    /// When both the driver and their own files were edited, `d` puts back the driver alone.
    public func reset(_ number: Int, confirmed: Bool, ask: () -> String?) throws -> Bool {
        let exercise = try workspace.exercise(number)
        let folder = "\(workspace.root)/\(exercise.folder)"
        var edited = (exercise.attendeeFiles + exercise.driverFiles).filter { !isPristine($0, of: exercise) }
        guard !edited.isEmpty else {
            print("Exercise \(number) is already as it started: nothing to reset.")
            return true
        }
        let driver = edited.filter(exercise.driverFiles.contains)
        let mine = edited.filter { !exercise.driverFiles.contains($0) }
        if !confirmed {
            print("This puts the starter back in:")
            for file in mine { print("  \(exercise.folder)/\(file)   your work: it starts again from the starter") }
            for file in driver {
                print("  \(exercise.folder)/\(file)   the driver, which checks your work: it was edited")
            }
            print("Each is kept as a backup in Backups/ first.")
            let driverOnly = !driver.isEmpty && !mine.isEmpty
            print(
                driverOnly
                    ? "Go ahead? [y: all of them / d: the driver only, keep your work / N: nothing]" : "Go ahead? [y/N]"
            )
            let answer = ask()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            if driverOnly, ["d", "driver"].contains(answer) {
                edited = driver
            } else if !["y", "yes"].contains(answer) {
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
            if edited.contains(where: { !exercise.driverFiles.contains($0) }) { forgetVerdict(on: exercise) }
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
