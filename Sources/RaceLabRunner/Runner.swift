import Foundation
import RaceLab

/// `racelab`'s commands. The executable only hands over its arguments; everything here is testable.
public final class Runner {
    let workspace: Workspace
    let builder: Builder
    let timing: TimingModel
    let limits: RunLimits
    let print: (String) -> Void
    /// The speed was given on the command line: it overrides a transcript's own `speed:`.
    public var speedIsExplicit = false
    /// How many pages run side by side (`--jobs N`); output stays in page order.
    public var jobs = defaultJobs
    /// Where the TSan build puts its programs: asked of `swift build` once (it takes a moment).
    private var knownBinPath: String?
    /// The manifest's targets, asked of SwiftPM once (`declaredTargets`), and each program found fresh
    /// with the modification date it had then: pages run on several threads, so both are locked.
    private let known = Locked((targets: Set<String>??.none, fresh: [String: Date]()))
    /// Set by tests in place of asking SwiftPM.
    var knownTargets: Set<String>? {
        get { known.current.targets ?? nil }
        set { known.withLock { $0.targets = .some(newValue) } }
    }

    var speed: Double { timing.speed }

    public init(
        workspace: Workspace, speed: Double = 4, limits: RunLimits = RunLimits(),
        print: @escaping (String) -> Void = { Swift.print($0); fflush(stdout) }  // line by line, even into a pipe
    ) {
        self.workspace = workspace
        self.builder = Builder(root: workspace.root)
        self.timing = TimingModel(speed: speed)
        self.limits = limits
        self.print = print
    }

    // MARK: check

    /// Checks the pages of the given lessons (all when empty). True when every page passed.
    public func check(_ numbers: [Int]) throws -> Bool {
        let lessons = numbers.isEmpty ? workspace.lessons : try numbers.map(workspace.lesson)
        print("Checking \(lessons.count == 1 ? "lesson \(lessons[0].number)" : "\(lessons.count) lessons") under ThreadSanitizer at \(speedText(speed)): every page in its own process.")
        guard let bin = try buildAll(lessons.map(\.product)) else { return false }
        var passed = 0
        let started = Date()
        let pages = lessons.flatMap { pageChecks($0, bin: bin) }
        runInOrder(pages.map(\.check), jobs: jobs) { index, outcome in
            if outcome.passed { passed += 1 }
            report(pages[index].label, outcome)
        }
        let sideBySide = jobs > 1 ? ", up to \(jobs) side by side" : ""
        print("\(passed) of \(pages.count) pages passed in \(String(format: "%.1f", Date().timeIntervalSince(started))) s\(sideBySide).")
        return passed == pages.count
    }

    /// Builds `products` with TSan; returns the folder of the programs, or nil after saying what failed.
    func buildAll(_ products: [String]) throws -> String? {
        let started = Date()
        print("Building \(products.joined(separator: ", ")) with ThreadSanitizer in .build-tsan …")
        // Several products: one build of everything is far quicker. If it fails (an attendee's
        // exercise that does not compile, say), build only what was asked, one by one.
        let together = products.count > 1 && builder.build(nil).succeeded
        for product in together ? [] : products {
            let outcome = builder.build(product)
            guard outcome.succeeded else {
                print("Building \(product) failed:")
                let shown = outcome.errors.isEmpty ? [String(outcome.log.suffix(3000))] : Array(outcome.errors.prefix(10))
                for error in shown { print(indent(error.replacingOccurrences(of: workspace.root + "/", with: ""))) }
                return nil
            }
        }
        guard let bin = binPath() else {
            print("swift build --show-bin-path failed: cannot find the built programs")
            return nil
        }
        _ = declaredTargets()  // asked once here, before pages run side by side
        print("Built in \(String(format: "%.1f", Date().timeIntervalSince(started))) s.")
        return bin
    }

    func binPath() -> String? {
        if knownBinPath == nil { knownBinPath = builder.binPath() }
        return knownBinPath
    }

    /// The checks of every page of `lesson`, not yet run: one per page (and one for any page without
    /// a transcript, which fails at once).
    func pageChecks(_ lesson: LessonInfo, bin: String) -> [(label: String, check: () -> RunOutcome)] {
        let program = "\(bin)/\(lesson.product)"
        if let problem = freshnessProblem(.page(1, of: lesson), program: program) {
            return [("lesson \(lesson.number)", { self.failure(problem) })]
        }
        let listing = runProcess(program, arguments: ["--list"], timeout: 30, outputCap: 1 << 16)
        var titles: [Int: String] = [:]
        for line in listing.stdout.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2, let number = Int(parts[0]) { titles[number] = String(parts[1]) }
        }
        var checks: [(label: String, check: () -> RunOutcome)] = []
        for page in Set(titles.keys).union(lesson.transcripts.keys).sorted() {
            let label = "lesson \(lesson.number) page \(page)"
            let named = titles[page].map { "\(label)  \($0)" } ?? label
            guard let path = lesson.transcripts[page] else {
                let outcome = failure("page \(page) has no transcript: write \(lesson.folder)/transcripts/page\(page).txt")
                checks.append((named, { outcome }))
                continue
            }
            guard titles[page] != nil else {
                let outcome = failure("\(path) is for page \(page), but \(lesson.product) has pages 1–\(titles.count)")
                checks.append((named, { outcome }))
                continue
            }
            checks.append((named, { self.run(.page(page, of: lesson), bin: bin) }))
        }
        return checks
    }

    /// For lesson authors (and the runner's own tests): checks one built program against one
    /// transcript, both given as paths from `directory`. True when it passed.
    public func page(_ program: String, transcript: String, arguments: [String], directory: String) -> Bool {
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : "\(directory)/\(path)" }
        print("Checking \(program) \(arguments.joined(separator: " ")) against \(transcript) at \(speedText(speed)).")
        let outcome: RunOutcome
        do {
            let text = try String(contentsOfFile: absolute(transcript), encoding: .utf8)
            outcome = checkRun(
                absolute(program), arguments: arguments, transcript: try Transcript(parsing: text), root: workspace.root,
                limits: limits, timing: timing, banner: Banner(heading: "RaceLab ", onlyIfPrinted: true))
        } catch {
            outcome = failure("\(transcript): \(error)")
        }
        report(program, outcome)
        return outcome.passed
    }

    /// Checks one subject: runs its built program and judges it against its transcript. Refuses a
    /// program that is missing, left over, or older than its sources (`Freshness`). `attendeeWaiting`:
    /// an attendee waits for the verdict, so an exercise's run stops at ThreadSanitizer's first report.
    func run(_ subject: Subject, bin: String, attendeeWaiting: Bool = false) -> RunOutcome {
        let program = subject.program(bin: bin)
        if subject.kind != .program, let problem = freshnessProblem(subject, program: program) {
            return failure(problem)
        }
        do {
            let transcript = try loadTranscript(subject.transcript)
            var timing = self.timing
            if let speed = transcript.speed, !speedIsExplicit { timing.speed = speed }
            return checkRun(
                program, arguments: subject.arguments, transcript: transcript, root: workspace.root,
                limits: subject.limits(limits, attendeeWaiting: attendeeWaiting), timing: timing, banner: subject.banner)
        } catch {
            return failure("\(subject.transcript): \(error)")
        }
    }

    /// Why `program` must not be judged: no target of the manifest makes it (a binary left over from
    /// an earlier build), it is not built, or it is older than its sources and does not build again.
    /// When it builds, the build system's word that it is current is taken: a change that alters
    /// nothing in the program (a comment) relinks nothing. A program found fresh is not looked at
    /// again while its binary stays the same (every run of a page would walk the sources otherwise).
    func freshnessProblem(_ subject: Subject, program: String) -> String? {
        if let declared = declaredTargets(), !declared.contains(subject.product) {
            return "\(subject.product) is not a target of the package (a binary left over from an earlier build is not judged)."
                + " The manifest derives its targets from the folders under Lessons/; racelab verify says where they disagree."
        }
        let built = Freshness.modified(program)
        if let built, known.current.fresh[program] == built { return nil }
        if let problem = Freshness.problem(program: program, root: workspace.root, folders: subject.sources) {
            guard built != nil else { return problem }
            let rebuilt = builder.build(subject.product)
            guard rebuilt.succeeded else {
                return ([problem, "Building it again failed:"] + rebuilt.errors.prefix(3)).joined(separator: "\n")
            }
        }
        if let now = Freshness.modified(program) { known.withLock { $0.fresh[program] = now } }
        return nil
    }

    /// The targets the manifest declares, asked of SwiftPM once; nil when it could not say.
    func declaredTargets() -> Set<String>? {
        if let asked = known.current.targets { return asked }
        let asked = builder.declaredTargets()
        known.withLock { $0.targets = .some(asked) }
        return asked
    }

    func loadTranscript(_ path: String) throws -> Transcript {
        let text = try String(contentsOfFile: "\(workspace.root)/\(path)", encoding: .utf8)
        return try Transcript(parsing: text)
    }

    func failure(_ message: String) -> RunOutcome {
        RunOutcome(problems: [.message(message)], races: [], seconds: 0, stdout: "")
    }

    /// One line per page: PASS/FAIL, the TSan verdict, the outcome, the time; below a failure, what
    /// to act on; below a page that was run again at real speed, why and what that showed.
    func report(_ label: String, _ outcome: RunOutcome) {
        let status = outcome.passed ? "PASS" : "FAIL"
        let ending = outcome.outcomes.isEmpty ? "" : ", outcome: " + outcome.outcomes.map(\.label).joined(separator: "; ")
        print("\(status)  \(label)  [\(outcome.verdict)\(ending), \(String(format: "%.1f", outcome.seconds)) s]")
        if let firstRun = outcome.firstRun {
            let orderWasOff = firstRun.contains { $0.kind == .content }
            let verdict = outcome.passed
                ? (orderWasOff ? "the output was right" : "every time was right") + ": the machine was busy, the page is fine"
                : (outcome.failureKinds == [.time] ? "timing confirmed at real speed: off there too" : "it failed as below")
            let why = orderWasOff ? "the output was off, in an order that follows from times (timed order)" : "a time was off"
            print(indent("at \(speedText(outcome.speed)) \(why), so it ran again at real speed: \(verdict)"))
            if !outcome.passed {
                print(indent("at \(speedText(outcome.speed)):"))
                for problem in firstRun { print(indent(explain(problem), by: "      ")) }
                print(indent("at real speed:"))
            }
        }
        for problem in outcome.problems { print(indent(explain(problem))) }
    }

    /// A problem, with the source line of each side of a race quoted.
    func explain(_ problem: CheckProblem) -> String {
        guard case let .unexpectedRace(race, _) = problem else { return problem.description }
        var lines = [problem.description]
        var quoted = Set<String>()
        for side in race.sides {
            guard let file = side.file, let line = side.line, quoted.insert(side.place).inserted,
                let text = sourceLine(file, line)
            else { continue }
            lines.append("  \(side.place):  \(text)")
        }
        return lines.joined(separator: "\n")
    }

    private func sourceLine(_ file: String, _ line: Int) -> String? {
        guard line > 0, let text = try? String(contentsOfFile: "\(workspace.root)/\(file)", encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return line <= lines.count ? lines[line - 1].trimmingCharacters(in: .whitespaces) : nil
    }
}

func indent(_ text: String, by prefix: String = "    ") -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
}
