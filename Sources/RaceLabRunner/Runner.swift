import Foundation
import RaceLabContract

/// `racelab`'s commands. The executable only hands over its arguments; everything here is testable.
public final class Runner {
    let workspace: Workspace
    let builder: Builder
    let timing: TimingModel
    let limits: RunLimits
    let print: (String) -> Void
    /// The speed was given on the command line: it overrides a transcript's own `speed:`.
    public var speedIsExplicit = false
    /// `--seed S`: every exercise run plays that scenario; nil: each run draws a fresh seed.
    public var seed: UInt64?
    /// How many pages run side by side (`--jobs N`); output stays in page order.
    public var jobs = defaultJobs
    /// How to ask for the next hint: the command again, or a key while `racelab` alone leads.
    var hintAgain = "Run it again"
    /// A PASS names the next exercise to do (not while `racelab` alone leads, which moves on itself).
    public var suggestsNext = true
    /// `verify --verdicts`: under each variant that fails as documented, the first two lines of the
    /// verdict an attendee would read (what the referee notes' tables hold).
    public var showsVerdicts = false
    /// What `verify --verdicts` saw of each variant, for the tables it prints at its end.
    var verdictRows: [VerdictRow] = []
    /// Where a build the attendee waits for shows its progress (`exercise`, `watch`, `tsan`); nil: not shown.
    public var buildProgress: (() -> BuildProgress)?
    /// Where the TSan build puts its programs: asked of `swift build` once (it takes a moment).
    private var knownBinPath: String?
    /// The manifest's targets, asked of SwiftPM once (`declaredTargets`), and each program found fresh
    /// with the modification date it had then: pages run on several threads, so both are locked.
    let known = Locked((targets: Set<String>??.none, fresh: [String: Date]()))
    /// Set by tests in place of asking SwiftPM.
    var knownTargets: Set<String>? {
        get { known.current.targets ?? nil }
        set { known.withLock { $0.targets = .some(newValue) } }
    }

    var speed: Double { timing.speed }

    public init(
        workspace: Workspace, speed: Double = 4, limits: RunLimits = RunLimits(),
        print: @escaping (String) -> Void = {
            Swift.print($0)
            fflush(stdout)
        }  // line by line, even into a pipe
    ) {
        self.workspace = workspace
        self.builder = Builder(root: workspace.root)
        self.timing = TimingModel(speed: speed)
        self.limits = limits
        self.print = print
    }

    /// Builds `products` with TSan; returns the folder of the programs, or nil after saying what failed.
    /// `progress`: shows the build's progress (an attendee waits for it).
    func buildAll(_ products: [String], progress: (() -> BuildProgress)? = nil) throws -> String? {
        let started = Date()
        print("Building \(products.joined(separator: ", ")) with ThreadSanitizer in .build-tsan …")
        // One build of them all is far quicker. If it fails (an attendee's exercise that does not
        // compile, say), build them one by one, to name the one that fails.
        let together = builder.build(products, progress: progress?())
        if !together.succeeded {
            for product in products {
                let outcome = products.count == 1 ? together : builder.build([product])
                guard outcome.succeeded else {
                    reportBuildFailure(of: product, outcome)
                    return nil
                }
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

    /// Before a build the attendee waits for: how long it will take, when it is the first.
    func sayFirstBuild() {
        guard builder.isFirstBuild else { return }
        print(
            "The first build under ThreadSanitizer compiles RaceLab's library too: \(Self.firstBuildWait); the next ones take seconds."
        )
    }

    /// Measured on a 2-core machine, quiet and with two busy loops (docs/performance.md).
    static let firstBuildWait = "about 10 s, up to 30 s on a busy laptop"

    private func reportBuildFailure(of product: String, _ outcome: Builder.Outcome) {
        print("Building \(product) failed:")
        let shown = outcome.errors.isEmpty ? [String(outcome.log.suffix(3000))] : Array(outcome.errors.prefix(10))
        for error in shown { print(indent(error.replacingOccurrences(of: workspace.root + "/", with: ""))) }
    }

    func binPath() -> String? {
        if knownBinPath == nil { knownBinPath = builder.binPath() }
        return knownBinPath
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
            // An exercise plays a scenario drawn from a seed, which its verdict names so it can be replayed
            // (unless its driver draws nothing: `seeded: no`).
            let seed = subject.variant == nil || !transcript.seeded ? nil : self.seed ?? freshSeed()
            var banner = subject.banner
            banner.seed = seed
            var runLimits = subject.limits(limits, attendeeWaiting: attendeeWaiting)
            if let variant = subject.variant, awaits(exercise: variant.exercise, in: variant.folder) {
                runLimits.environment[HandoverMarkName.unjudged] = "1"
            }
            #if os(Linux)
                if let variant = subject.variant, usesMutex(exercise: variant.exercise, in: variant.folder) {
                    runLimits.environment[MutexInTheirCode.variable] = "1"
                }
            #endif
            var outcome = checkRun(
                program, arguments: subject.arguments + (seed.map { ["--seed", String($0)] } ?? []),
                transcript: transcript,
                root: workspace.root, limits: runLimits, timing: timing,
                banner: banner,
                program: subject.sources,
                racesDocumented: subject.variant.flatMap { try? $0.expectedFailures(root: workspace.root)?.get() }?
                    .contains(where: \.namesARace) ?? false)
            outcome.seed = seed
            return outcome
        } catch {
            return transcriptFailure(subject.transcript, error)
        }
    }

    /// Whether the attendee's files of exercise `number`, as they are in `folder` (theirs, or a
    /// variant's), await in their code: then a driver's hand-over marks are not looked at
    /// (`HandoverMarkName.unjudged`).
    func awaits(exercise number: Int, in folder: String) -> Bool {
        theirCode(exercise: number, in: folder, matches: #"\bawait\b"#)
    }

    /// Whether the attendee's files of exercise `number`, as they are in `folder`, use Synchronization's
    /// `Mutex` (`MutexInTheirCode`).
    func usesMutex(exercise number: Int, in folder: String) -> Bool {
        theirCode(exercise: number, in: folder, matches: #"\b"# + LinuxNote.mutex.name + #"\b"#)
    }

    /// Whether a line of code (not a comment) of the attendee's files of exercise `number`, as they are
    /// in `folder`, matches `pattern`.
    private func theirCode(exercise number: Int, in folder: String, matches pattern: String) -> Bool {
        guard let exercise = try? workspace.exercise(number) else { return false }
        return attendeeTexts(exercise, folder: folder).contains { _, text in
            Self.codeLines(text).contains { $0.range(of: pattern, options: .regularExpression) != nil }
        }
    }

    func loadTranscript(_ path: String) throws -> Transcript {
        try Transcript(contentsOf: "\(workspace.root)/\(path)")
    }

    /// A transcript that cannot be read: the page was not run.
    func transcriptFailure(_ path: String, _ error: Error) -> RunOutcome {
        RunOutcome(problems: [.transcriptError("\(path): \(error)")], races: [], seconds: 0, stdout: "")
    }

    func failure(_ message: String) -> RunOutcome {
        RunOutcome(problems: [.message(message)], races: [], seconds: 0, stdout: "")
    }
}
