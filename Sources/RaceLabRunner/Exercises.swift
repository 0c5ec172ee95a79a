import Foundation

extension Runner {
    // MARK: exercise

    /// Checks the attendee's exercise like a page and says what is still wrong. True when it passes.
    public func exercise(_ number: Int) throws -> Bool {
        let exercise = try workspace.exercise(number)
        let files = exercise.attendeeFiles.map { "\(exercise.folder)/\($0)" }.joined(separator: ", ")
        print("Exercise \(number): checking \(files) under ThreadSanitizer.")
        print("Building \(exercise.product) with ThreadSanitizer in .build-tsan …")
        let build = builder.build(exercise.product)
        guard build.succeeded else {
            print("Your exercise does not compile yet (lesson \(number) itself still runs: swift run lesson\(number)):")
            for error in build.errors.prefix(10) { print(indent(error.replacingOccurrences(of: workspace.root + "/", with: ""))) }
            if build.errors.isEmpty { print(indent(String(build.log.suffix(3000)))) }
            return false
        }
        guard let bin = builder.binPath() else {
            print("swift build --show-bin-path failed: cannot find the built exercise")
            return false
        }
        let outcome = run("\(bin)/\(exercise.product)", arguments: [], transcriptPath: exercise.transcript)
        if outcome.passed {
            print("PASSED in \(String(format: "%.1f", outcome.seconds)) s: the output is what it should be and ThreadSanitizer found no race.")
            return true
        }
        print("NOT YET. What is still wrong:")
        for problem in outcome.problems { print(indent(explain(problem), by: "  - ").replacingOccurrences(of: "\n  - ", with: "\n    ")) }
        if let hint = try? String(contentsOfFile: "\(workspace.root)/\(exercise.hint)", encoding: .utf8) {
            print("")
            print(hint.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return false
    }

    public func hint(_ number: Int) throws {
        let exercise = try workspace.exercise(number)
        print(try String(contentsOfFile: "\(workspace.root)/\(exercise.hint)", encoding: .utf8))
    }

    // MARK: verify

    /// For CI: every page passes, and for every exercise the starter fails for its documented reasons
    /// and the solution passes. The attendee's own exercise files are neither built nor touched.
    public func verify() throws -> Bool {
        var ok = try check([])
        let exercises = workspace.lessons.compactMap(\.exercise)
        print("")
        print("Verifying \(exercises.count) exercise(s): each starter must fail as documented, each solution pass.")
        guard let bin = try buildAll(exercises.flatMap { [$0.starterProduct, $0.solutionProduct] }) else { return false }
        for exercise in exercises {
            let solution = run("\(bin)/\(exercise.solutionProduct)", arguments: [], transcriptPath: exercise.transcript)
            report("exercise \(exercise.number) solution", solution)
            ok = ok && solution.passed
            ok = verifyStarter(exercise, bin: bin) && ok
        }
        return ok
    }

    private func verifyStarter(_ exercise: ExerciseInfo, bin: String) -> Bool {
        let label = "exercise \(exercise.number) starter"
        let documented: [StarterFailure]
        do {
            documented = try loadTranscript(exercise.transcript).starterFailures
        } catch {
            print("FAIL  \(label): \(exercise.transcript): \(error)")
            return false
        }
        guard !documented.isEmpty else {
            print("FAIL  \(label): \(exercise.transcript) has no 'starter fails:' line saying how the starter fails")
            return false
        }
        let outcome = run("\(bin)/\(exercise.starterProduct)", arguments: [], transcriptPath: exercise.transcript)
        let missing = documented.filter { reason in !outcome.problems.contains { $0.isCase(reason) } }
        let time = String(format: "%.1f", outcome.seconds)
        if missing.isEmpty {
            print("PASS  \(label) fails as documented (\(documented.map(\.description).joined(separator: ", ")))  [\(outcome.verdict), \(time) s]")
            return true
        }
        print("FAIL  \(label) should fail with \(missing.map(\.description).joined(separator: ", ")) but did not  [\(outcome.verdict), \(time) s]")
        for problem in outcome.problems { print(indent(explain(problem))) }
        return false
    }

    // MARK: reset

    /// Puts the starter back. Every edited file is backed up first, and only after the attendee said
    /// yes (or passed --yes): nothing they wrote is lost.
    public func reset(_ number: Int, confirmed: Bool, ask: () -> String?) throws -> Bool {
        let exercise = try workspace.exercise(number)
        let folder = "\(workspace.root)/\(exercise.folder)"
        let edited = exercise.attendeeFiles.filter {
            FileManager.default.contents(atPath: "\(folder)/\($0)") != FileManager.default.contents(atPath: "\(folder)/Starter/\($0)")
        }
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
        // Backups live outside the package's targets, so they never confuse a build.
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let backups = "Backups/exercise\(number)-\(stamp)"
        try FileManager.default.createDirectory(atPath: "\(workspace.root)/\(backups)", withIntermediateDirectories: true)
        for file in edited {
            try FileManager.default.copyItem(atPath: "\(folder)/\(file)", toPath: "\(workspace.root)/\(backups)/\(file)")
            let starter = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/Starter/\(file)"))
            try starter.write(to: URL(fileURLWithPath: "\(folder)/\(file)"))
            print("Reset \(exercise.folder)/\(file); your version is in \(backups)/\(file)")
        }
        return true
    }

    // MARK: list

    public func list() {
        for lesson in workspace.lessons {
            let pages = lesson.transcripts.count
            let exercise = lesson.exercise.map { " — exercise: swift run racelab exercise \($0.number)" } ?? ""
            print("lesson \(lesson.number)  \(lesson.folder)  \(pages) pages: swift run \(lesson.product)\(exercise)")
        }
    }
}
