import Foundation
import RaceLab

/// Something a page did that its transcript did not expect.
public enum PageProblem: CustomStringConvertible {
    case output(OutputMismatch)
    /// The output has the transcript's shape, but a time is off even with the runner's allowance.
    case timing(OutputMismatch)
    /// The output matched an outcome the transcript names as forbidden.
    case forbiddenOutcome(String)
    case unexpectedRace(RaceDescription, count: Int)
    case missingRace(String)
    case exitStatus(expected: Int32, actual: Int32)
    case crashed(signal: Int32, stderrTail: [String])
    case timedOut(seconds: Double)
    /// `byOwnPrints`: most of what it printed was the attendee's own lines, not the lesson's.
    case flooded(bytes: Int, byOwnPrints: Bool)
    case tsanExitWithoutReport
    /// The page could not be checked at all (no transcript, a broken transcript, …).
    case message(String)

    public var description: String {
        switch self {
        case .message(let text):
            return text
        case .output(let mismatch):
            return "output differs from the transcript at \(mismatch)"
        case .timing(let mismatch):
            return "a time is off at \(mismatch)"
        case .forbiddenOutcome(let name):
            return "forbidden outcome: \(name)"
        case let .unexpectedRace(race, count):
            return "unexpected \(race)\(count > 1 ? " (×\(count))" : "")"
        case .missingRace(let function):
            return "expected a data race in \(function), but ThreadSanitizer reported none there"
        case let .exitStatus(expected, actual):
            return "exit status \(actual), expected \(expected)"
        case let .crashed(signal, tail):
            return (["crashed with signal \(signal)\(signalName(signal))"] + tail.map { "  " + $0 }).joined(separator: "\n")
        case .timedOut(let seconds):
            return "did not finish within \(Int(seconds)) s and was stopped: it hangs, or waits for something that never comes"
        case let .flooded(bytes, byOwnPrints):
            return byOwnPrints
                ? "printed more than \(bytes / 1024) KiB and was stopped, most of it your own print()s: they hide the exercise's output, so print less (or only once)"
                : "printed more than \(bytes / 1024) KiB and was stopped: it floods its output"
        case .tsanExitWithoutReport:
            return "exit status 66 (ThreadSanitizer's) but no report could be read on stderr"
        }
    }

    /// What kind of failure this is, for `racelab stress`'s table.
    public var kind: FailureKind {
        switch self {
        case .output: return .content
        case .timing: return .time
        case .forbiddenOutcome: return .forbidden
        case .unexpectedRace, .missingRace: return .race
        case .exitStatus, .tsanExitWithoutReport: return .exit
        case .crashed: return .crash
        case .timedOut: return .hang
        case .flooded: return .flood
        case .message: return .error
        }
    }

    /// Which documented starter failure this is, if any (see `StarterFailure`).
    func isCase(_ failure: StarterFailure) -> Bool {
        if case .either(let alternatives) = failure { return alternatives.contains { isCase($0) } }
        switch (self, failure) {
        case (.output, .output), (.timing, .output), (.forbiddenOutcome, .output), (.timedOut, .timeout), (.crashed, .crash),
            (.exitStatus, .exit):
            return true
        case let (.unexpectedRace(race, _), .race(function)): return race.involves(function)
        default: return false
        }
    }
}

private func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGILL: return " (SIGILL: a Swift runtime trap such as a failed precondition or force-unwrap)"
    case SIGTRAP: return " (SIGTRAP: a Swift runtime trap)"
    case SIGSEGV: return " (SIGSEGV: bad memory access)"
    case SIGABRT: return " (SIGABRT: aborted)"
    case SIGBUS: return " (SIGBUS)"
    case SIGKILL: return " (SIGKILL)"
    default: return ""
    }
}

/// The kinds of failure `racelab stress` counts.
public enum FailureKind: String, CaseIterable, Comparable {
    case time, content, forbidden = "forbidden outcome", race = "race verdict", hang, crash, flood, exit, error

    public static func < (lhs: FailureKind, rhs: FailureKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The outcome of running one page (or exercise) against its transcript.
public struct PageOutcome {
    public var problems: [PageProblem]
    public var races: [RaceDescription]
    public var seconds: Double
    public var stdout: String
    /// Lines the attendee's own code printed (an exercise's `print`s for debugging): shown, not checked.
    public var ownLines: [String] = []
    /// It was stopped at ThreadSanitizer's first report, which already decided the verdict.
    public var stoppedAtFirstReport = false
    /// The outcome blocks the output went through, when the transcript declares outcomes.
    public var outcomes: [Transcript.Outcome] = []
    /// Every race the transcript expects was reported (true for a page that expects none).
    public var expectedRacesReported = true
    /// When the run at the check speed failed on time only and the page was run again at real speed:
    /// what that first run found. The rest of this outcome is the rerun's.
    public var firstRun: [PageProblem]?
    /// The speed it was checked at (an exercise's may differ from the runner's).
    public var speed: Double = 1

    public var passed: Bool { problems.isEmpty }
    public var failureKinds: Set<FailureKind> { Set(problems.map(\.kind)) }

    /// The documented failures (a starter's, a wrong fix's) this run did not show.
    func missing(_ documented: [StarterFailure]) -> [StarterFailure] {
        documented.filter { reason in !problems.contains { $0.isCase(reason) } }
    }

    /// "clean", or "races: Person.changeName ×6".
    public var verdict: String {
        guard !races.isEmpty else { return "clean" }
        var counts: [String: Int] = [:]
        for race in races {
            let name = race.isRace ? race.sides.first?.function ?? race.kind : "\(race.kind)" + (race.sides.first.map { " in \($0.function)" } ?? "")
            counts[name, default: 0] += 1
        }
        let parts = counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
        return (races.allSatisfy(\.isRace) ? "races: " : "TSan: ") + parts.joined(separator: ", ")
    }
}

/// How the runner runs page processes.
public struct PageLimits {
    public var outputCap = 256 * 1024
    /// Milliseconds ThreadSanitizer waits before the process exits, so that threads still running can
    /// race, and be reported, before the end. 0 for lesson pages, which end only when their demo has;
    /// an exercise gets 300 ms (TSan's default is 1000), because an attendee's (or a wrong fix's) code may
    /// leave work in flight when the driver ends: a serial queue still renaming, say.
    public var exitPause = 0
    /// An exercise: lines printed by anything but the lesson machinery (an attendee's debugging
    /// `print`s) are shown and not checked. For a page, every line is checked.
    public var ownLinesAllowed = false
    /// Stop the program at ThreadSanitizer's first report when the transcript expects none: the verdict
    /// is certain then (for an attendee waiting on `watch`; `verify` and `stress` run to the end).
    public var stopAtFirstReport = false

    public init() {}
}

/// How the runner compares times (docs/transcripts.md, "Timing"). A transcript states its times in
/// lesson seconds; a ThreadSanitizer process on a busy 2-core laptop runs late by a real-time amount
/// that does not shrink with the speed. So every time range is widened by `realSlack` real seconds
/// each way (0.4 lesson seconds at 4x), and a page that fails on time alone is run once more at real
/// speed, where the same jitter is a quarter as large in lesson seconds: only if it is off there too
/// is the failure real.
public struct TimingModel: Equatable {
    /// The speed pages are checked at.
    public var speed: Double
    /// Real seconds of lateness (or earliness) allowed on every time, on top of the transcript's own.
    public var realSlack: Double
    /// The speed of the confirming rerun; nil: no rerun.
    public var confirmSpeed: Double?

    public init(speed: Double = 4, realSlack: Double = 0.1, confirmSpeed: Double? = 1) {
        self.speed = speed
        self.realSlack = realSlack
        self.confirmSpeed = confirmSpeed
    }

    /// The allowance in lesson seconds at this speed.
    public var slack: Double { realSlack * speed }
    public var timeCheck: LinePattern.TimeCheck { LinePattern.TimeCheck(slack: slack) }

    /// The same model at the confirming speed (no further rerun).
    var confirming: TimingModel? {
        guard let confirmSpeed, confirmSpeed < speed else { return nil }
        return TimingModel(speed: confirmSpeed, realSlack: realSlack, confirmSpeed: nil)
    }
}

/// The environment a page runs in: ThreadSanitizer's exit status and history fixed here, so that a
/// user's own TSAN_OPTIONS cannot change a verdict. `atexit_sleep_ms`: see `PageLimits.exitPause`
/// (TSan's default second before every exit would be a second of every page).
func pageEnvironment(exitPause: Int = 0) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["TSAN_OPTIONS"] = "exitcode=66:halt_on_error=0:history_size=4:atexit_sleep_ms=\(exitPause)"
    environment.removeValue(forKey: "RACELAB_SPEED")  // the runner passes --speed itself
    environment["RACELAB_MARK_LINES"] = "1"  // the lesson's lines start with RaceLab's lineMark
    // Swift's crash backtracer forks a helper, which can crash or hang in a TSan-built process and
    // holds the page's pipes while it runs: a crash must end the page at once. Swift still prints
    // its "Fatal error" line.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    return environment
}

/// Runs `executable` with `arguments` and `--speed`, and judges it against `transcript`. A run that
/// fails on time alone is run again at the timing model's confirming speed, and that run decides; so
/// is one that fails on its output alone when the transcript says its order is timed.
public func checkPage(
    _ executable: String, arguments: [String], transcript: Transcript, root: String, limits: PageLimits = PageLimits(),
    timing: TimingModel = TimingModel()
) -> PageOutcome {
    func attempt(_ timing: TimingModel, timeout: Double) -> PageOutcome {
        let expectsNoRace = transcript.verdict == .clean
        let result = runProcess(
            executable, arguments: arguments + ["--speed", String(timing.speed)], environment: pageEnvironment(exitPause: limits.exitPause),
            directory: root, timeout: timeout, outputCap: limits.outputCap,
            stopWhen: limits.stopAtFirstReport && expectsNoRace ? hasWholeTSanReport : nil)
        return judge(
            result, transcript: transcript, root: root, cap: limits.outputCap, timing: timing, ownLinesAllowed: limits.ownLinesAllowed)
    }
    var first = attempt(timing, timeout: transcript.timeout)
    first.speed = timing.speed
    // Off on time alone; or, where the transcript's order follows from times, off in its output alone.
    let confirmable: Set<FailureKind> = transcript.timedOrder ? [.time, .content] : [.time]
    guard !first.passed, first.problems.allSatisfy({ confirmable.contains($0.kind) }), let confirming = timing.confirming else {
        return first
    }
    var rerun = attempt(confirming, timeout: transcript.timeout * timing.speed / confirming.speed)
    rerun.firstRun = first.problems
    rerun.seconds += first.seconds
    rerun.speed = timing.speed
    return rerun
}

/// The verdict logic, apart from running anything: output, races (expected and not), the ending.
public func judge(
    _ result: ProcessResult, transcript: Transcript, root: String, cap: Int, timing: TimingModel = TimingModel(),
    ownLinesAllowed: Bool = false, demangler: Demangler = Demangler()
) -> PageOutcome {
    var problems: [PageProblem] = []
    var outcomes: [Transcript.Outcome] = []
    let races = describe(parseTSanReports(result.stderr), root: root, demangler: demangler)
    let output = separateLessonLines(result.stdout)
    let checked = ownLinesAllowed ? output.lesson : output.all
    if result.timedOut {
        problems.append(.timedOut(seconds: transcript.timeout))
    } else if result.flooded {
        let own = output.own.reduce(0) { $0 + $1.utf8.count + 1 }
        problems.append(.flooded(bytes: cap, byOwnPrints: ownLinesAllowed && own > cap / 2))
    } else if result.stoppedEarly {
        // Stopped at the first race report: the races below are the verdict.
    } else {
        switch result.ending {
        case .signalled(let signal):
            problems.append(.crashed(signal: signal, stderrTail: crashSummary(result.stderr)))
        case .exited(let status):
            if status == 66, let crash = tsanDeadlySignal(result.stderr) {
                // ThreadSanitizer caught a crash (a SEGV, say) and exited with its own status.
                let place = crash.symbol.map { functionName(demangler.demangle([$0])[$0] ?? $0) }
                problems.append(.crashed(signal: crash.signal, stderrTail: [crash.message] + (place.map { ["in \($0)"] } ?? [])))
            } else if status == 66 && races.isEmpty && transcript.exitStatus != 66 {
                problems.append(.tsanExitWithoutReport)
            } else if status != transcript.exitStatus && !(status == 66 && !races.isEmpty) {
                problems.append(.exitStatus(expected: transcript.exitStatus, actual: status))
            }
        }
        let match = transcript.match(checked, times: timing.timeCheck)
        outcomes = match.outcomes
        if let mismatch = match.mismatch {
            // Off on time alone when the output matches with any times at all (and not by a forbidden ending).
            let shape = transcript.match(checked, times: .anyTime)
            let timeOnly = shape.matched && !shape.outcomes.contains { $0.kind == .forbidden }
            var shown = timeOnly ? match.timeMismatch ?? mismatch : mismatch
            shown.speed = timing.speed
            problems.append(timeOnly ? .timing(shown) : .output(shown))
        } else if let forbidden = match.outcomes.last(where: { $0.kind == .forbidden }) {
            problems.append(.forbiddenOutcome(forbidden.name))
        }
    }
    let expected: [String]
    if case .races(let functions) = transcript.verdict { expected = functions } else { expected = [] }
    var unexpected: [RaceDescription: Int] = [:]
    var order: [RaceDescription] = []
    for race in races where !(race.isRace && expected.contains(where: race.involves)) {
        if unexpected[race] == nil { order.append(race) }
        unexpected[race, default: 0] += 1
    }
    problems += order.map { .unexpectedRace($0, count: unexpected[$0]!) }
    let missing = expected.filter { function in !races.contains { $0.isRace && $0.involves(function) } }
    // A page that was stopped early may not have reached its race: report only what it did.
    if !result.timedOut && !result.flooded && !result.stoppedEarly {
        problems += missing.map { .missingRace($0) }
    }
    return PageOutcome(
        problems: problems, races: races, seconds: result.seconds, stdout: checked,
        ownLines: ownLinesAllowed ? output.own : [], stoppedAtFirstReport: result.stoppedEarly, outcomes: outcomes,
        expectedRacesReported: missing.isEmpty)
}

/// True once `stderr` holds a whole ThreadSanitizer report (its SUMMARY line has ended).
func hasWholeTSanReport(_ stderr: String) -> Bool {
    guard let summary = stderr.range(of: "SUMMARY: ThreadSanitizer") else { return false }
    return stderr[summary.upperBound...].contains("\n")
}

/// A program's stdout, told apart by RaceLab's line mark (`RACELAB_MARK_LINES`): `lesson`, the lines
/// the lesson machinery printed; `own`, everything else, such as an attendee's debugging `print`s
/// (a `print` without a newline runs into the next lesson line, where the mark splits it off);
/// `all`, every line with the marks removed.
func separateLessonLines(_ stdout: String) -> (lesson: String, own: [String], all: String) {
    var lesson: [Substring] = []
    var own: [Substring] = []
    var all: [Substring] = []
    for line in stdout.split(separator: "\n", omittingEmptySubsequences: false) {
        guard let mark = line.firstIndex(of: Character(lineMark)) else {
            all.append(line)
            if !line.isEmpty { own.append(line) }
            continue
        }
        if mark > line.startIndex { own.append(line[..<mark]) }
        // The text after a mark is the lesson's; a second mark on one line (which line buffering
        // prevents) would only be removed.
        let text = line[line.index(after: mark)...].replacingOccurrences(of: lineMark, with: "")
        lesson.append(Substring(text))
        all.append(line[..<mark] + Substring(text))
    }
    return (lesson.joined(separator: "\n"), own.map(String.init), all.joined(separator: "\n"))
}

/// A crash that ThreadSanitizer caught ("ThreadSanitizer:DEADLYSIGNAL", then "ERROR: ThreadSanitizer:
/// SEGV on unknown address …"): it exits with its own status, not by the signal. The signal, and the
/// error's message and the symbol of the frame it crashed in.
func tsanDeadlySignal(_ stderr: String) -> (signal: Int32, message: String, symbol: String?)? {
    let lines = stderr.split(separator: "\n").map(String.init)
    guard let start = lines.firstIndex(of: "ThreadSanitizer:DEADLYSIGNAL"),
        let error = lines[start...].first(where: { $0.contains("ERROR: ThreadSanitizer: ") })
    else { return nil }
    let names: [(String, Int32)] = [("SEGV", 11), ("BUS", 7), ("FPE", 8), ("ILL", 4), ("ABRT", 6)]
    let signal = names.first { error.contains("ThreadSanitizer: \($0.0) ") }?.1 ?? 11
    let message = error.components(separatedBy: "ERROR: ").last ?? error
    let frame = lines[start...].first { $0.hasPrefix("    #0 ") }?.split(separator: " ").dropFirst().first.map(String.init)
    return (signal, message, frame)
}

/// Why it crashed, from stderr: Swift's "Fatal error" line and whatever else was printed outside
/// the TSan reports.
func crashSummary(_ stderr: String) -> [String] {
    var lines: [String] = []
    var inReport = false
    for line in stderr.split(separator: "\n").map(String.init) {
        if line.hasPrefix("WARNING: ThreadSanitizer") { inReport = true }
        if !inReport && !line.hasPrefix("==================") && !line.hasPrefix("ThreadSanitizer: reported") {
            lines.append(line)
        }
        if line.hasPrefix("SUMMARY: ThreadSanitizer") { inReport = false }
    }
    let fatal = lines.filter { $0.contains("Fatal error") || $0.contains("Precondition failed") }
    if !fatal.isEmpty { return fatal }
    if lines.isEmpty {
        return ["(nothing on stderr: Dispatch traps this way too, e.g. on a `sync` onto the serial queue the code already runs on)"]
    }
    return Array(lines.suffix(4))
}
