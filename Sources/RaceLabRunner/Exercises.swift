import Foundation

extension Runner {
    // MARK: exercise

    /// Checks the attendee's exercise like a page and says what is still wrong. True when it passes.
    public func exercise(_ number: Int) throws -> Bool {
        try checkExercise(number, previous: nil).passed
    }

    /// What one check of an exercise said, in a form `watch` compares with the check before.
    struct ExerciseVerdict: Equatable {
        var passed: Bool
        /// What was wrong, coarsely (the races' functions, the transcript line output parted from the
        /// transcript at): the same mistake checked again has the same signature, however the race fell.
        var signature: [String]
    }

    /// Checks exercise `number`. After `previous`, a verdict that says the same as it is told in one line.
    func checkExercise(_ number: Int, previous: ExerciseVerdict?) throws -> ExerciseVerdict {
        let exercise = try workspace.exercise(number)
        let files = exercise.attendeeFiles.map { "\(exercise.folder)/\($0)" }.joined(separator: ", ")
        print("Exercise \(number): checking \(files) under ThreadSanitizer.")
        // The driver is what checks the attendee's work: an edited one proves nothing.
        let edited = exercise.driverFiles.filter { !isPristine($0, of: exercise) }
        guard edited.isEmpty else {
            print("NOT CHECKED: \(edited.map { "\(exercise.folder)/\($0)" }.joined(separator: ", ")) was edited, and it is the driver")
            print("that checks your work, not yours to edit. Put it back with: swift run racelab reset \(number)")
            print("(reset asks first and keeps a backup of everything it puts back).")
            return ExerciseVerdict(passed: false, signature: ["driver edited"])
        }
        if let problem = missingOrEmpty(exercise) {
            print("NOT CHECKED: \(problem)")
            print("To start again from the starter: swift run racelab reset \(number) (it asks first, and keeps a backup).")
            return ExerciseVerdict(passed: false, signature: ["missing or empty"])
        }
        print("Building \(exercise.product) with ThreadSanitizer in .build-tsan …")
        let build = builder.build(exercise.product)
        guard build.succeeded else {
            reportCompileErrors(build, exercise)
            record(false, for: exercise)
            return ExerciseVerdict(passed: false, signature: ["compile"] + build.errors.prefix(3))
        }
        guard let bin = binPath() else {
            print("swift build --show-bin-path failed: cannot find the built exercise")
            return ExerciseVerdict(passed: false, signature: ["no bin path"])
        }
        let outcome = run("\(bin)/\(exercise.product)", arguments: [], transcriptPath: exercise.transcript, attendee: true)
        record(outcome.passed, for: exercise)
        let verdict = ExerciseVerdict(passed: outcome.passed, signature: outcome.problems.map(signature))
        if outcome.passed {
            print("PASSED in \(String(format: "%.1f", outcome.seconds)) s: the output is what it should be and ThreadSanitizer found no race.")
            showOwnLines(outcome.ownLines)
            suggestNext(after: number)
            return verdict
        }
        if let previous, previous == verdict, let first = outcome.problems.first {
            let line = explain(first).split(separator: "\n").first.map(String.init) ?? ""
            print("NOT YET, and the same as before: \(line)")
            showOwnLines(outcome.ownLines)
            return verdict
        }
        print("NOT YET. What is still wrong:")
        let shown = 4
        for problem in outcome.problems.prefix(shown) {
            print(indent(explain(problem), by: "  - ").replacingOccurrences(of: "\n  - ", with: "\n    "))
        }
        if outcome.problems.count > shown { print("  - and \(outcome.problems.count - shown) more of the same kinds") }
        if outcome.stoppedAtFirstReport {
            print("(Stopped at ThreadSanitizer's first report: nothing after it could make this run pass.)")
        }
        #if os(Linux)
            if outcome.failureKinds.contains(.race), attendeeSources(exercise).contains(where: usesMutex) {
                print("Your file uses Synchronization's Mutex. On Linux, ThreadSanitizer cannot see how a waiting thread")
                print("takes a contended Mutex (from the kernel), and reports races that may not be there (lesson 4,")
                print("page 5). The referee cannot tell them apart: use NSLock or a queue, which it can see.")
            }
        #endif
        showOwnLines(outcome.ownLines)
        offerHint(exercise)
        return verdict
    }

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

    func reportCompileErrors(_ build: Builder.Outcome, _ exercise: ExerciseInfo) {
        print("Your exercise does not compile yet (lesson \(exercise.number) itself still runs: swift run lesson\(exercise.number)):")
        let errors = build.errors.map { $0.replacingOccurrences(of: workspace.root + "/", with: "") }
        let drivers = exercise.driverFiles.map { "\(exercise.folder)/\($0):" }
        if !errors.isEmpty, errors.allSatisfy({ error in drivers.contains { error.hasPrefix($0) } }) {
            // The driver is as it started (checked above): what it needs is missing from the attendee's file.
            print("The errors point at the driver, \(exercise.driverFiles.joined(separator: ", ")), which is as it started: the cause is in")
            print("\(exercise.attendeeFiles.joined(separator: ", ")). A type, method or property the driver uses is missing or was renamed:")
        }
        for error in errors.prefix(10) { print(indent(error)) }
        if errors.isEmpty { print(indent(String(build.log.suffix(3000)))) }
    }

    /// An attendee's own `print`s, shown as theirs: they are for debugging, and not checked.
    func showOwnLines(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        let limit = 20
        print("Your own output (\(lines.count) line\(lines.count == 1 ? "" : "s"), shown here, not checked):")
        for line in lines.prefix(limit) { print("  | \(line)") }
        if lines.count > limit { print("  | … and \(lines.count - limit) more") }
    }

    func signature(_ problem: PageProblem) -> String {
        switch problem {
        case let .unexpectedRace(race, _): return "race " + race.sides.map(\.function).sorted().joined(separator: " / ")
        case .output(let mismatch): return "output at transcript line \(mismatch.transcriptLine ?? 0)"
        case .timing(let mismatch): return "time at transcript line \(mismatch.transcriptLine ?? 0)"
        default: return problem.kind.rawValue + " " + problem.description.prefix(60)
        }
    }

    func offerHint(_ exercise: ExerciseInfo) {
        let count = hints(exercise).count
        guard count > 0 else { return }
        let seen = Progress.load(root: workspace.root)[exercise: exercise.number].hintsShown
        let command = "swift run racelab hint \(exercise.number)"
        print("")
        if seen == 0 {
            print("Stuck? \(command) shows the first of \(count) hints, one at a time.")
        } else if seen < count {
            print("Stuck? \(command) shows hint \(seen + 1) of \(count) (you have seen \(seen)).")
        } else {
            print("You have seen all \(count) hints: \(command) shows them again.")
        }
    }

    func suggestNext(after number: Int) {
        let progress = Progress.load(root: workspace.root)
        let exercises = workspace.lessons.compactMap(\.exercise)
        let later = exercises.filter { $0.number > number } + exercises.filter { $0.number < number }
        if let next = later.first(where: { state(of: $0, in: progress) != .passed }) {
            print("Next: exercise \(next.number) (swift run racelab exercise \(next.number)); racelab list shows where you are.")
        } else {
            print("That was the last one: every exercise has passed.")
        }
    }

    /// True when the exercise's copy of `file` is the starter's, byte for byte.
    func isPristine(_ file: String, of exercise: ExerciseInfo) -> Bool {
        let folder = "\(workspace.root)/\(exercise.folder)"
        return FileManager.default.contents(atPath: "\(folder)/\(file)")
            == FileManager.default.contents(atPath: "\(workspace.root)/\(exercise.starterFolder)/\(file)")
    }

    func hints(_ exercise: ExerciseInfo) -> [String] {
        parseHints((try? String(contentsOfFile: "\(workspace.root)/\(exercise.hint)", encoding: .utf8)) ?? "")
    }

    /// The next hint the attendee has not seen; once they have seen them all, all of them again.
    public func hint(_ number: Int) throws {
        let exercise = try workspace.exercise(number)
        let hints = hints(exercise)
        guard !hints.isEmpty else {
            print("Exercise \(number) has no hints (\(exercise.hint) lists none).")
            return
        }
        var progress = Progress.load(root: workspace.root)
        let seen = progress[exercise: number].hintsShown
        func show(_ index: Int) { print("Hint \(index + 1) of \(hints.count): " + indent(hints[index], by: "  ").dropFirst(2)) }
        if seen >= hints.count {
            for index in hints.indices {
                show(index)
                print("")
            }
            print("That is every hint for exercise \(number).")
            return
        }
        show(seen)
        progress[exercise: number].hintsShown = seen + 1
        progress.save(root: workspace.root, print: print)
        print("")
        print(seen + 1 < hints.count
            ? "Run it again for the next hint (\(hints.count - seen - 1) more)." : "That was the last hint; run it again to see them all.")
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
        // Each solution must pass (variant nil); each starter and wrong fix must fail as documented.
        let items = exercises.flatMap { exercise in
            [(exercise, FailingVariant?.none)] + mustFail(exercise).map { (exercise, Optional($0)) }
        }
        let runs = items.map { exercise, variant in
            { () -> PageOutcome? in
                let product = variant?.product ?? exercise.solutionProduct
                if case .failure = variant?.documented { return nil }  // nothing to run: said below
                return self.run("\(bin)/\(product)", arguments: [], transcriptPath: exercise.transcript)
            }
        }
        // A variant that must fail, of an exercise whose order is timed, is confirmed at real speed: long.
        let timedOrder = Set(exercises.filter { (try? loadTranscript($0.transcript).timedOrder) == true }.map(\.number))
        let long = Set(items.indices.filter { items[$0].1 != nil && timedOrder.contains(items[$0].0.number) })
        runInOrder(runs, jobs: jobs, startingFirst: long) { index, outcome in
            let (exercise, variant) = items[index]
            if let variant {
                ok = reportFails(variant, outcome) && ok
            } else if let outcome {
                report("exercise \(exercise.number) solution", outcome)
                ok = ok && outcome.passed
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
    /// `outcome` is nil when there was nothing to run (its documentation could not be read).
    func reportFails(_ variant: FailingVariant, _ outcome: PageOutcome?) -> Bool {
        let documented: [StarterFailure]
        switch variant.documented {
        case .success(let failures): documented = failures
        case .failure(let problem):
            print("FAIL  \(variant.label): \(problem)")
            return false
        }
        guard let outcome else { return false }
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
                let starter = try Data(contentsOf: URL(fileURLWithPath: "\(workspace.root)/\(exercise.starterFolder)/\(file)"))
                try starter.write(to: URL(fileURLWithPath: mine))
                print(existed
                    ? "Reset \(exercise.folder)/\(file); your version is in \(backups)/\(file)"
                    : "Put back \(exercise.folder)/\(file), which was missing")
            }
        } catch {
            print("Could not finish the reset: \((error as NSError).localizedDescription) Your files are as listed above;")
            print("the starter copies are in \(exercise.starterFolder)/ to copy by hand.")
            return false
        }
        return true
    }

    // MARK: list

    public func list() {
        let progress = Progress.load(root: workspace.root)
        var next: ExerciseInfo?
        for lesson in workspace.lessons {
            let pages = lesson.transcripts.count
            print("lesson \(lesson.number)  \(lesson.folder)  \(pages) pages: swift run \(lesson.product)")
            if let exercise = lesson.exercise {
                let state = state(of: exercise, in: progress)
                print("          exercise \(exercise.number): \(state.text)")
                if next == nil && state != .passed { next = exercise }
            }
        }
        print("")
        if let next {
            print("Next: exercise \(next.number), in \(next.folder)/\(next.attendeeFiles.joined(separator: ", ")): swift run racelab exercise \(next.number)")
        } else {
            print("Every exercise has passed.")
        }
    }
}

/// Whether Swift source uses the Synchronization module's `Mutex` (outside comments, roughly: a line
/// that is not a comment and names `Mutex` as a word).
func usesMutex(_ source: String) -> Bool {
    source.split(separator: "\n").contains { line in
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { return false }
        return code.range(of: #"(^|[^A-Za-z0-9_])Mutex([^A-Za-z0-9_]|$)"#, options: .regularExpression) != nil
    }
}
