import Foundation
import RaceLabContract

extension Runner {
    // MARK: exercise

    /// Checks the attendee's exercise like a page and says what is still wrong. True when it passes.
    public func exercise(_ number: Int) throws -> Bool {
        try checkExercise(number, previous: nil) == .passed
    }

    /// Checks exercise `number`. After `previous`, a verdict that says the same as it is told in one line.
    func checkExercise(_ number: Int, previous: ExerciseVerdict?) throws -> ExerciseVerdict {
        let exercise = try workspace.exercise(number)
        let files = exercise.attendeeFiles.map { "\(exercise.folder)/\($0)" }.joined(separator: ", ")
        print("Exercise \(number): checking \(files) under ThreadSanitizer.")
        // The driver is what checks the attendee's work: an edited one proves nothing.
        let edited = exercise.driverFiles.filter { !isPristine($0, of: exercise) }
        guard edited.isEmpty else {
            print(
                "NOT CHECKED: \(edited.map { "\(exercise.folder)/\($0)" }.joined(separator: ", ")) was edited, and it is the driver"
            )
            print("that checks your work, not yours to edit. Put it back with: swift run racelab reset \(number)")
            print("(reset asks first and keeps a backup of everything it puts back).")
            return .driverEdited
        }
        if exercise.attendeeFiles.allSatisfy({ isPristine($0, of: exercise) }) {
            stillTheStarter(exercise).forEach(print)
        }
        if let problem = missingOrEmpty(exercise) {
            print("NOT CHECKED: \(problem)")
            print(
                "To start again from the starter: swift run racelab reset \(number) (it asks first, and keeps a backup)."
            )
            return .missingOrEmpty
        }
        let subject = Subject.exercise(exercise.attendee, of: exercise)
        let stamp = BuildStamp(
            root: workspace.root, scratch: builder.scratch, product: exercise.product, sources: subject.sources)
        let fingerprint = stamp.fingerprint()
        let bin: String
        if let built = stamp.binPath(ifFingerprint: fingerprint) {
            print("\(exercise.product) is already built from your files as they are now: no build needed.")
            bin = built
        } else {
            print("Building \(exercise.product) with ThreadSanitizer in .build-tsan …")
            sayFirstBuild()
            let build = builder.build([exercise.product], progress: buildProgress?())
            guard build.succeeded else {
                reportCompileErrors(build, exercise)
                record(false, for: exercise)
                return .doesNotCompile(firstErrors: Array(build.errors.prefix(3)))
            }
            guard let path = binPath() else {
                print("swift build --show-bin-path failed: cannot find the built exercise")
                return .noBinPath
            }
            bin = path
            if freshnessProblem(subject, program: subject.program(bin: bin)) == nil {
                stamp.record(fingerprint: fingerprint, binPath: bin)
            }
        }
        let ticker = buildProgress?()
        ticker?.start("running \(exercise.product) under ThreadSanitizer")
        let ran = run(subject, bin: bin, attendeeWaiting: true)
        ticker?.finish()
        // What the driver and ThreadSanitizer pass is judged further: a type whose promise the task does
        // not take, a schedule of their code that ends wrong (the exercises with a scenario for it).
        let outcome = judgedBeyondTheRun(ran, exercise, folder: exercise.folder, bin: bin, strict: false)
        record(outcome.passed, for: exercise, failure: firstSaid(outcome))
        let verdict = ExerciseVerdict(outcome)
        if outcome.passed, previous == .passed {
            print("PASSED again in \(String(format: "%.1f", outcome.seconds)) s\(outcome.seedNote).")
            showOwnLines(outcome.ownLines)
            return verdict
        }
        if outcome.passed {
            print(
                "PASSED in \(String(format: "%.1f", outcome.seconds)) s\(outcome.seedNote): the output is what it should be and ThreadSanitizer found no race."
            )
            if outcome.passedShortOfContention { sayShortOfContention(outcome, number) }
            if let leftOut = outcome.leftOutForMutex {
                print("Not covered by this pass: \(leftOut)")
            }
            if let why = outcome.unexplored {
                print(
                    "The schedule explorer could not play your code's schedules (\(why)): this pass rests on the driver and ThreadSanitizer alone."
                )
            }
            showOwnLines(outcome.ownLines)
            ownPrintsMayHideRaces(passed: true, ownLines: outcome.ownLines.count).forEach(print)
            if suggestsNext { suggestNext(after: number) }
            return verdict
        }
        if let previous, previous == verdict, let first = outcome.problems.first {
            let line =
                Self.conclusionsFirst(outcome.explanations).first ?? explain(first.forAttendee).split(separator: "\n")
                .first.map(String.init)
                ?? ""
            print("NOT YET, and the same as before\(outcome.seedNote): \(line)")
            showOwnLines(outcome.ownLines)
            return verdict
        }
        print(
            "NOT YET\(outcome.seed.map { " (seed \($0): swift run racelab exercise \(number) --seed \($0) plays this scenario again; the threads may interleave differently)" } ?? ""). What is still wrong:"
        )
        var notes: [LinuxNote] = []
        #if os(Linux)
            notes = LinuxNote.applying(to: outcome, sources: attendeeSources(exercise))
        #endif
        // What Linux does differently that explains the failure comes first.
        let wrong = whatIsStillWrong(
            outcome, exercise, folder: exercise.folder, besideAMutex: notes.contains { $0.name == "Mutex" })
        for line in notes.flatMap(\.lines) + wrong { print(line) }
        // What ThreadSanitizer cannot see, the explorer may play: where another thread got in.
        if outcome.races.isEmpty, outcome.reportsUnread == false, !outcome.problems.contains(where: \.isExplored) {
            let told = exploredBriefly(exercise, folder: exercise.folder, bin: bin)
            told.lines.forEach(print)
            if case .allRight(let preemptions) = told {
                print(
                    "The schedule explorer played your code's schedules (\(ExploredBriefly.atMost(preemptions))) and none ends wrong: what is wrong above is not one of the interleavings its scenario plays."
                )
            }
        }
        showOwnLines(outcome.ownLines)
        offerHint(exercise)
        return verdict
    }

    /// What a failed check found first, as the hint for it is chosen from (`hintFor`): the driver's
    /// conclusions, then the problems.
    func firstSaid(_ outcome: RunOutcome) -> String {
        (Self.conclusionsFirst(outcome.explanations).prefix(3)
            + Self.withoutConsequences(outcome.problems).prefix(4).map { explain($0.forAttendee) })
            .joined(separator: "\n")
    }

    /// What is still wrong, as a list: a race or crash ThreadSanitizer placed in the attendee's files
    /// (`folder`: theirs, or a variant's), or a hang the driver has no account of, with its line and
    /// why; then the driver's own account, in its words, each line with where in those files it
    /// happened; then the problems not yet told, and a word when TSan saw nothing. Its first two lines
    /// are what `// verdict leads with:` holds a variant to (`VerdictLead`). `besideAMutex`: their file
    /// uses a Mutex, whose hand-over ThreadSanitizer on Linux cannot see (`LinuxNote`).
    func whatIsStillWrong(
        _ outcome: RunOutcome, _ exercise: ExerciseInfo, folder: String, besideAMutex: Bool = false
    ) -> [String] {
        /// A problem as a list item; a hang with the places in the attendee's files where their code can wait.
        func told(_ problem: CheckProblem) -> [String] {
            var lines = bulleted(explain(problem.forAttendee, besideAMutex: besideAMutex)).split(
                separator: "\n", omittingEmptySubsequences: false
            )
            .map(String.init)
            if problem.kind == .hang, !problem.isSlowNotStuck, let waits = whereItCanWait(exercise, folder: folder) {
                lines.insert("    " + waits, at: 1)
            }
            return lines
        }
        var said: [String] = []
        var placesShown = Set<String>()
        let problems = Self.withoutConsequences(outcome.problems).map { Self.theirsFirst($0, in: folder) }
        // A race or a crash ThreadSanitizer placed in the attendee's own file leads: it is certain, and
        // says the line and why; what the driver saw next is often only its consequence.
        // A hang with no account of the driver's leads too (with it, the account says why it waited).
        // A race before a crash: memory two threads changed at once is a likely cause of the crash.
        let leading = Array(
            problems.indices.filter {
                Self.isPlaced(problems[$0], in: folder) || (problems[$0].kind == .hang && outcome.explanations.isEmpty)
            }.sorted { (problems[$0].kind == .race ? 0 : 1, $0) < (problems[$1].kind == .race ? 0 : 1, $1) }.prefix(2))
        for index in leading { said += told(problems[index]) }
        let accounts = Self.withoutEchoes(outcome.explanations)
        for line in Self.conclusionsFirst(accounts).prefix(3) {
            said.append("  - " + line.trimmingCharacters(in: .whitespaces))
            for place in wherePlaces(line, exercise, folder: folder) where placesShown.insert(place).inserted {
                said.append("      " + place)
            }
        }
        if accounts.count > 3 {
            let replay = "swift run exercise\(exercise.number)" + (outcome.seed.map { " --seed \($0)" } ?? "")
            said.append("  - and \(accounts.count - 3) more like them (to read the whole run: \(replay))")
        }
        let shown = 4
        let rest = problems.indices.filter { !leading.contains($0) }.map { problems[$0] }
        for problem in rest.prefix(shown - leading.count) {
            guard let unsaid = Self.withoutRepeating(outcome.explanations, problem, stdout: outcome.stdout) else {
                continue
            }
            said += told(unsaid)
        }
        if problems.count > shown { said.append("  - and \(problems.count - shown) more of the same kinds") }
        if outcome.stoppedAtFirstReport {
            said.append("(Stopped at ThreadSanitizer's first report: nothing after it could make this run pass.)")
        } else if let line = Self.noDataRace(outcome) {
            said.append(line)
        }
        return said.map(Self.visible)
    }

    /// `line` with its control characters shown, not sent to the terminal: a string read while
    /// another thread wrote it can hold NUL bytes ("Gina\0\0 Anderson"), which a terminal hides and
    /// which make a saved log look binary.
    static func visible(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else {
            return line
        }
        return line.unicodeScalars.map { scalar in
            scalar.value == 0
                ? "\\0"
                : (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
                    ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
    }

    /// A race told with the attendee's side first ("X writes (your file) while the driver's Y reads"):
    /// the line they can change comes before the one they cannot. A race on a driver's hand-over mark is
    /// placed at the attendee's lines in its stacks (none for a side with none), where they passed it on first.
    static func theirsFirst(_ problem: CheckProblem, in folder: String) -> CheckProblem {
        if case .unexpectedRace(var race, let count) = problem, race.isOnAHandover {
            // The driver's mark is where it raced; where the attendee's code was is below it in each stack.
            for index in race.sides.indices {
                let theirs = race.sides[index].stack.first { $0.file.hasPrefix(folder + "/") }
                (race.sides[index].file, race.sides[index].line) = (theirs?.file, theirs?.line)
            }
            race.sides.sort { ($0.operation == "read" ? 0 : 1) < ($1.operation == "read" ? 0 : 1) }
            return .unexpectedRace(race, count: count)
        }
        guard case .unexpectedRace(var race, let count) = problem, race.sides.count == 2,
            race.sides[0].file?.hasPrefix(folder + "/") != true, race.sides[1].file?.hasPrefix(folder + "/") == true
        else { return problem }
        race.sides.reverse()
        return .unexpectedRace(race, count: count)
    }

    /// A race with a side in the attendee's files (in `folder`), or a crash placed in one.
    static func isPlaced(_ problem: CheckProblem, in folder: String) -> Bool {
        switch problem {
        case .unexpectedRace(let race, _): return race.sides.contains { $0.file?.hasPrefix(folder + "/") ?? false }
        case .crashed(_, let tail): return tail.first.map { $0.hasPrefix("in ") && $0.contains("(\(folder)/") } ?? false
        default: return false
        }
    }

    /// A crash's consequence, output that never came, is told as part of the crash, not as a second
    /// fault (which read like a second bug).
    /// A hang's too: the line the lesson prints when it stops a page that ran past its limit.
    static func withoutConsequences(_ problems: [CheckProblem]) -> [CheckProblem] {
        let crashed = problems.contains { $0.kind == .crash }
        let hung = problems.contains { $0.kind == .hang }
        guard crashed || hung else { return problems }
        return problems.filter { problem in
            guard case .output(let mismatch) = problem else { return true }
            if crashed && mismatch.actual == nil { return false }
            if hung, let actual = mismatch.actual ?? mismatch.lastLine,
                actual.contains(PageStop.middle) || actual.contains(watchdogMarker)
            {
                return false
            }
            return true
        }
    }

    /// The driver's lines without those another already holds: a summary ("The gallery is not right
    /// yet. First: row 5 …") makes the timed line it quotes ("[19.73s] row 5 …") an echo. Of lines that
    /// say the same at different times (two rounds' "[ 1.30s] all gave 0 images …"), the first stays.
    static func withoutEchoes(_ lines: [String]) -> [String] {
        let texts = lines.map { line in
            line.hasPrefix("[") ? String(line.drop { $0 != "]" }.dropFirst().drop { $0 == " " }) : line
        }
        return lines.indices.filter { index in
            let text = texts[index]
            return !texts[..<index].contains(text) && !texts.contains { $0.count > text.count && $0.contains(text) }
        }.map { lines[$0] }
    }

    /// The driver's account with its conclusions first: a line without a time ("3 names read were torn:
    /// a read got in between …   <- hold one lock …") says what went wrong and why; a timed one ("[ 0.80s]
    /// Current name: Gina Frost   <- torn!") is one thing seen, an example of it.
    static func conclusionsFirst(_ lines: [String]) -> [String] {
        let timed = lines.filter { $0.hasPrefix("[") && $0.contains("s] ") }
        return lines.filter { !timed.contains($0) } + timed
    }

    /// A run whose output was wrong though ThreadSanitizer reported nothing: said, because a silent TSan
    /// reads like a pass to someone who just added their locks.
    static func noDataRace(_ outcome: RunOutcome) -> String? {
        guard outcome.races.isEmpty, !outcome.failureKinds.isDisjoint(with: [.content, .time, .forbidden]),
            outcome.failureKinds.isDisjoint(with: [.race, .crash, .hang, .flood, .error])
        else { return nil }
        return "(ThreadSanitizer saw no data race in this run, and that does not make it right: it sees only two"
            + " threads touching the same memory at once, and what is wrong above is of another kind.)"
    }

    /// `problem` as told after the driver's account above: nothing when the output parted from what
    /// it should be at one of the driver's own lines (the account has said it, and the transcript's
    /// line at that place is often only the next one of a right run, not what belonged there); the
    /// output's last line left out when the account already said it.
    /// Nothing, too, when it parted at a heading of the driver's account: a line whose next line in
    /// `stdout` is one of the account's ("Refresh 2: 2 items, called back on a global queue:").
    static func withoutRepeating(_ explanations: [String], _ problem: CheckProblem, stdout: String = "")
        -> CheckProblem?
    {
        guard case .output(var mismatch) = problem else { return problem }
        if let actual = mismatch.actual, explanations.contains(actual) { return nil }
        if let actual = mismatch.actual {
            let said = Set(explanations.map { $0.trimmingCharacters(in: .whitespaces) })
            let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for index in lines.indices.dropLast() where lines[index] == actual {
                if said.contains(lines[index + 1].trimmingCharacters(in: .whitespaces)) { return nil }
            }
        }
        if let last = mismatch.lastLine, explanations.contains(last) { mismatch.lastLine = nil }
        return .output(mismatch)
    }

    /// A pass on less than the driver plays for: every run's contention round fell short. Says what
    /// the driver said, and what to do about it.
    func sayShortOfContention(_ outcome: RunOutcome, _ number: Int) {
        for line in Self.shortOfContention(outcome, number) { print(line) }
    }

    /// What `sayShortOfContention` says: the driver's lines, quoted, and what to do. It blames the
    /// machine's other programs unless the driver measured the attendee's own threads busy.
    static func shortOfContention(_ outcome: RunOutcome, _ number: Int) -> [String] {
        let said = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        var quoted: [Substring] = []
        for start in said.indices where said[start].hasPrefix(ContentionFellShort.mark) {
            quoted += said[start..<min(start + 2, said.endIndex)]
        }
        let advice =
            quoted.contains { $0.contains(ContentionFellShort.ownThreadsBusy) }
            ? "Its other threads kept a core busy beside the round: the driver's other rounds or ThreadSanitizer on a"
                + " busy machine, or work your code leaves running (a timer never cancelled, a loop that polls). Check"
                + " again when two cores are free; if it says so again, look for such work: swift run racelab exercise \(number)"
            : "Check again when two cores are free (close what keeps them busy): swift run racelab exercise \(number)"
        return [
            "But not in full: in each of \(outcome.contentionShortRuns) runs the contention round fell short. The driver said:"
        ] + quoted.map { "  | \($0)" } + [advice]
    }

    /// Said before a check of files that are still exactly the starter: an attendee who fixed another
    /// copy (the lesson's own file of the same name, saved after the exercise's) learns it before the
    /// starter's verdict.
    func stillTheStarter(_ exercise: ExerciseInfo) -> [String] {
        let lessonFolder = (exercise.folder as NSString).deletingLastPathComponent
        func modified(_ path: String) -> Date? {
            (try? FileManager.default.attributesOfItem(atPath: "\(workspace.root)/\(path)"))?[.modificationDate]
                as? Date
        }
        let others = exercise.attendeeFiles.compactMap { file -> String? in
            let path = "\(lessonFolder)/\(file)"
            guard let theirs = modified(path), let mine = modified("\(exercise.folder)/\(file)") else { return nil }
            return theirs.timeIntervalSince(mine) > 1 ? path : nil
        }
        let files = exercise.attendeeFiles.joined(separator: ", ")
        guard let other = others.first else {
            return ["(\(files) is still the starter, unchanged: this checks the starter as it was given.)"]
        }
        return [
            "(\(files) is still the starter, unchanged. Did you edit \(other), the lesson's own copy? Your fix goes in \(exercise.folder)/\(exercise.attendeeFiles[0]).)"
        ]
    }

    func reportCompileErrors(_ build: Builder.Outcome, _ exercise: ExerciseInfo) {
        print(
            "Your exercise does not compile yet (lesson \(exercise.number) itself still runs: swift run lesson\(exercise.number)):"
        )
        let errors = build.errors.map { $0.replacingOccurrences(of: workspace.root + "/", with: "") }
        let drivers = exercise.driverFiles.map { "\(exercise.folder)/\($0):" }
        if !errors.isEmpty, errors.allSatisfy({ error in drivers.contains { error.hasPrefix($0) } }) {
            // The driver is as it started (checked above): what it needs is missing from the attendee's file.
            print(
                "The errors point at the driver, \(exercise.driverFiles.joined(separator: ", ")), which is as it started: the cause is in"
            )
            print(
                "\(exercise.attendeeFiles.joined(separator: ", ")). A type, method or property the driver uses is missing or was renamed:"
            )
        }
        for line in Self.compileErrorsShown(errors, exercise: exercise) { print(line) }
        if errors.isEmpty { print(indent(String(build.log.suffix(3000)))) }
    }

    /// The compiler's errors as an attendee reads them: those in their own files first; those elsewhere
    /// (the driver, which is as it started) follow from them, so they are counted, not shown. When all
    /// are elsewhere, the attendee's file lacks what the driver uses, and they are shown.
    static func compileErrorsShown(_ errors: [String], exercise: ExerciseInfo) -> [String] {
        compileErrorsShown(errors, yours: exercise.attendeeFiles.map { "\(exercise.folder)/\($0)" })
    }

    /// As above, the attendee's files named by their paths from the package's root.
    static func compileErrorsShown(_ errors: [String], yours: [String]) -> [String] {
        let mine = errors.filter { error in yours.contains { error.hasPrefix("\($0):") } }
        guard !mine.isEmpty else { return errors.prefix(10).map { indent($0) } }
        var lines = mine.prefix(10).map { indent($0) }
        if mine.count > 10 { lines.append("    … and \(mine.count - 10) more in your file") }
        let elsewhere = errors.count - mine.count
        if elsewhere > 0 {
            let files = Set(
                errors.filter { !mine.contains($0) }.compactMap { error in
                    error.split(separator: ":").first.map { ($0 as NSString).lastPathComponent }
                }
            ).sorted().joined(separator: ", ")
            lines.append(
                "    … and \(elsewhere) more in \(files), which follow from these: fix yours first (\(files) is not yours to edit)"
            )
        }
        return lines
    }

    /// An attendee's own `print`s, shown as theirs: they are for debugging, and not checked.
    func showOwnLines(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        let limit = 20
        print("Your own output (\(lines.count) line\(lines.count == 1 ? "" : "s"), shown here, not checked):")
        for line in lines.prefix(limit) { print("  | \(line)") }
        if lines.count > limit { print("  | … and \(lines.count - limit) more") }
    }

    /// A pass with the attendee's own `print`s in it, where C's stdio lock is a mutex ThreadSanitizer
    /// sees (Apple's platforms: `flockfile`; glibc's lock it does not see): two threads that both
    /// printed were ordered for it, and a race between them could have gone unseen. Said, not failed.
    func ownPrintsMayHideRaces(passed: Bool, ownLines: Int, stdioLockIsSeen: Bool = stdioLockIsSeenByTSan) -> [String] {
        guard passed, ownLines > 0, stdioLockIsSeen else { return [] }
        return [
            "Your prints take C's stdio lock, which ThreadSanitizer sees here: two threads that both print look",
            "ordered to it, and a race between them can go unseen. Take them out and check once more before you call it done.",
        ]
    }

    func suggestNext(after number: Int) {
        let progress = Progress.load(root: workspace.root)
        let exercises = workspace.lessons.compactMap(\.exercise)
        let later = exercises.filter { $0.number > number } + exercises.filter { $0.number < number }
        if let next = later.first(where: { state(of: $0, in: progress) != .passed }) {
            print(
                "Next: exercise \(next.number) (swift run racelab exercise \(next.number)); racelab list shows where you are."
            )
        } else {
            print("That was the last one: every exercise has passed.")
        }
    }
}

/// Whether C's stdio takes a lock ThreadSanitizer intercepts: a pthread mutex on Apple's platforms
/// (Libc's `flockfile`), glibc's own lock on Linux, which it does not see.
#if canImport(Darwin)
    let stdioLockIsSeenByTSan = true
#else
    let stdioLockIsSeenByTSan = false
#endif
