import Foundation

extension Runner {
    // MARK: exercise

    /// Checks the attendee's exercise like a page and says what is still wrong. True when it passes.
    public func exercise(_ number: Int) throws -> Bool {
        let exercise = try workspace.exercise(number)
        let files = exercise.attendeeFiles.map { "\(exercise.folder)/\($0)" }.joined(separator: ", ")
        print("Exercise \(number): checking \(files) under ThreadSanitizer.")
        // The driver is what checks the attendee's work: an edited one proves nothing.
        let edited = exercise.driverFiles.filter { !isPristine($0, of: exercise) }
        guard edited.isEmpty else {
            print("NOT CHECKED: \(edited.map { "\(exercise.folder)/\($0)" }.joined(separator: ", ")) was edited, and it is the driver")
            print("that checks your work, not yours to edit. Put it back with: swift run racelab reset \(number)")
            print("(reset asks first and keeps a backup of everything it puts back).")
            return false
        }
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

    /// True when the exercise's copy of `file` is the starter's, byte for byte.
    func isPristine(_ file: String, of exercise: ExerciseInfo) -> Bool {
        let folder = "\(workspace.root)/\(exercise.folder)"
        return FileManager.default.contents(atPath: "\(folder)/\(file)") == FileManager.default.contents(atPath: "\(folder)/Starter/\(file)")
    }

    public func hint(_ number: Int) throws {
        let exercise = try workspace.exercise(number)
        print(try String(contentsOfFile: "\(workspace.root)/\(exercise.hint)", encoding: .utf8))
    }

    // MARK: verify

    /// For CI: every page passes, and for every exercise the solution passes while the starter and
    /// every known wrong fix fail, each for its documented reasons. The attendee's own exercise files
    /// are neither built nor touched.
    public func verify() throws -> Bool {
        var ok = try check([])
        let exercises = workspace.lessons.compactMap(\.exercise)
        print("")
        let wrong = exercises.reduce(0) { $0 + $1.wrongFixes.count }
        print("Verifying \(exercises.count) exercise(s): each solution must pass; each starter and each of \(wrong) known wrong fixes must fail as documented.")
        let products = exercises.flatMap { [$0.solutionProduct, $0.starterProduct] + $0.wrongFixes.map(\.product) }
        guard let bin = try buildAll(products) else { return false }
        for exercise in exercises {
            let solution = run("\(bin)/\(exercise.solutionProduct)", arguments: [], transcriptPath: exercise.transcript)
            report("exercise \(exercise.number) solution", solution)
            ok = ok && solution.passed
            for variant in mustFail(exercise) {
                ok = verifyFails(variant, transcript: exercise.transcript, bin: bin) && ok
            }
        }
        return ok
    }

    /// A build of an exercise that must fail: its starter, or a known wrong fix.
    struct FailingVariant {
        var label: String
        var product: String
        /// How it must fail, or why that could not be read.
        var documented: Result<[StarterFailure], Workspace.Problem>
    }

    /// The starter (documented by the transcript's `starter fails:`) and every wrong fix (documented
    /// by a `// must fail: …` line in its own files).
    func mustFail(_ exercise: ExerciseInfo) -> [FailingVariant] {
        let starter: Result<[StarterFailure], Workspace.Problem>
        do {
            let failures = try loadTranscript(exercise.transcript).starterFailures
            starter = failures.isEmpty
                ? .failure(.init(description: "\(exercise.transcript) has no 'starter fails:' line saying how the starter fails")) : .success(failures)
        } catch {
            starter = .failure(.init(description: "\(exercise.transcript): \(error)"))
        }
        return [FailingVariant(label: "exercise \(exercise.number) starter", product: exercise.starterProduct, documented: starter)]
            + exercise.wrongFixes.map { fix in
                FailingVariant(label: "exercise \(exercise.number) wrong fix \(fix.name)", product: fix.product, documented: documentedFailures(fix))
            }
    }

    /// Reads `// must fail: race Person.name.getter, output` from the wrong fix's Swift files.
    func documentedFailures(_ fix: WrongFix) -> Result<[StarterFailure], Workspace.Problem> {
        let folder = "\(workspace.root)/\(fix.folder)"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        for file in files {
            guard let text = try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.lowercased().hasPrefix("// must fail:") else { continue }
                let items = trimmed.dropFirst("// must fail:".count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                let failures = items.compactMap(StarterFailure.init(parsing:))
                guard failures.count == items.count, !failures.isEmpty else {
                    return .failure(.init(description: "\(fix.folder)/\(file): '\(trimmed)' takes: race F, output, timeout, crash, exit"))
                }
                return .success(failures)
            }
        }
        return .failure(.init(description: "\(fix.folder) has no '// must fail: …' line saying how this wrong fix fails"))
    }

    /// True when the variant failed for every documented reason; prints one line saying so.
    func verifyFails(_ variant: FailingVariant, transcript: String, bin: String) -> Bool {
        let documented: [StarterFailure]
        switch variant.documented {
        case .success(let failures): documented = failures
        case .failure(let problem):
            print("FAIL  \(variant.label): \(problem)")
            return false
        }
        let outcome = run("\(bin)/\(variant.product)", arguments: [], transcriptPath: transcript)
        let missing = outcome.missing(documented)
        let time = String(format: "%.1f", outcome.seconds)
        if missing.isEmpty {
            print("PASS  \(variant.label) fails as documented (\(documented.map(\.description).joined(separator: ", ")))  [\(outcome.verdict), \(time) s]")
            return true
        }
        print("FAIL  \(variant.label) should fail with \(missing.map(\.description).joined(separator: ", ")) but did not  [\(outcome.verdict), \(time) s]")
        for problem in outcome.problems { print(indent(explain(problem))) }
        return false
    }

    // MARK: reset

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
            try FileManager.default.createDirectory(atPath: "\(workspace.root)/\(backups)", withIntermediateDirectories: true)
            for file in edited {
                let mine = "\(folder)/\(file)"
                let existed = FileManager.default.fileExists(atPath: mine)
                if existed { try FileManager.default.copyItem(atPath: mine, toPath: "\(workspace.root)/\(backups)/\(file)") }
                let starter = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/Starter/\(file)"))
                try starter.write(to: URL(fileURLWithPath: mine))
                print(existed
                    ? "Reset \(exercise.folder)/\(file); your version is in \(backups)/\(file)"
                    : "Put back \(exercise.folder)/\(file), which was missing")
            }
        } catch {
            print("Could not finish the reset: \((error as NSError).localizedDescription) Your files are as listed above;")
            print("the starter copies are in \(exercise.folder)/Starter/ to copy by hand.")
            return false
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
