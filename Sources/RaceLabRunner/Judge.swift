import Foundation
import RaceLabContract

/// The verdict logic, apart from running anything: output, races (expected and not), the ending.
/// Problems are told in the order found, except that a hang is said first (`judgeEnding`, `judgeOutput`).
public func judge(
    _ result: ProcessResult, transcript: Transcript, root: String, cap: Int, timing: TimingModel = TimingModel(),
    ownLinesAllowed: Bool = false, banner: Banner? = nil, program: [Subject.SourceFolder]? = nil,
    executable: String? = nil, demangler: Demangler = Demangler()
) -> RunOutcome {
    let all = parseTSanReports(result.stderr)
    let interleaved = all.contains(where: \.isInterleaved)
    let reports = all.filter { !$0.isInterleaved }
    let races = describe(
        reports.filter(\.isComplete), root: root, program: program, executable: executable, demangler: demangler)
    let cutOff = reports.filter { !$0.isComplete }
    var problems: [CheckProblem] = interleaved ? [.interleavedReports] : []
    // Stopped at the first whole report on purpose, the next one is cut off by that stop: not a fault.
    if !(result.stoppedEarly && !races.isEmpty) { problems += cutOff.prefix(1).map { .reportCutOff(kind: $0.kind) } }
    let output = separateLessonLines(result.stdout)
    var checked = ownLinesAllowed ? output.lesson : output.all
    let stopped = result.timedOut || result.flooded || result.stoppedEarly
    if let banner, !stopped {
        let stripped = banner.strip(checked, speed: timing.speed)
        checked = stripped.rest
        if let problem = stripped.problem { problems.append(.banner(problem)) }
    }
    var outcomes: [Transcript.Outcome] = []
    if stopped {
        problems += judgeStop(result, transcript: transcript, cap: cap, ownLines: ownLinesAllowed ? output.own : nil)
    } else {
        let reported = !(races.isEmpty && cutOff.isEmpty) || interleaved
        judgeEnding(
            result, transcript: transcript, output: checked, reported: reported, demangler: demangler, root: root,
            problems: &problems)
        outcomes = judgeOutput(
            checked, transcript: transcript, timing: timing, stderr: result.stderr, problems: &problems)
    }
    // A page that was stopped early may not have reached its race, and a cut-off report may be that
    // race: report only what it did.
    let missing = judgeRaces(
        races, transcript: transcript, sayMissing: !stopped && cutOff.isEmpty && !interleaved, problems: &problems)
    // Stopped because ThreadSanitizer reported something: that run never passes, even when the report
    // is one the runner cannot read (seen once in an adversarial round: a PASSED after 0.2 s).
    if result.stoppedEarly && problems.isEmpty {
        let summary =
            result.stderr.split(separator: "\n").first { $0.hasPrefix("SUMMARY: ThreadSanitizer") }
            .map(String.init) ?? "SUMMARY: ThreadSanitizer"
        problems.append(
            .message(
                "stopped at a ThreadSanitizer report the runner could not read (\(summary)): run it again to see it whole"
            ))
    }
    var outcome = RunOutcome(
        problems: problems, races: races, seconds: result.seconds, stdout: checked,
        ownLines: ownLinesAllowed ? output.own : [], stoppedAtFirstReport: result.stoppedEarly, outcomes: outcomes,
        expectedRacesReported: missing.isEmpty)
    outcome.explanations = output.explanations
    return outcome
}

/// A run the runner stopped: it hung, or flooded its output (`ownLines`: the attendee's own, when they
/// are allowed, to say whether their prints did). One stopped at ThreadSanitizer's first report has no
/// problem of its own: the races are the verdict.
func judgeStop(_ result: ProcessResult, transcript: Transcript, cap: Int, ownLines: [String]?) -> [CheckProblem] {
    if result.timedOut { return [.timedOut(seconds: transcript.timeout)] }
    guard result.flooded else { return [] }
    let byOwnPrints = ownLines.map { lines in lines.reduce(0) { $0 + $1.utf8.count + 1 } > cap / 2 } ?? false
    return [.flooded(bytes: cap, byOwnPrints: byOwnPrints)]
}

/// How a run that ran to its end ended, against the transcript's exit status. `reported`: ThreadSanitizer
/// reported something (whole or cut off), which its exit status only confirms. A page the lesson stopped
/// at its time limit is a hang, said first.
func judgeEnding(
    _ result: ProcessResult, transcript: Transcript, output: String, reported: Bool, demangler: Demangler,
    root: String = "/", problems: inout [CheckProblem]
) {
    switch result.ending {
    case .signalled(let signal):
        problems.append(.crashed(signal: signal, stderrTail: crashSummary(result.stderr, signal: signal)))
    case .exited(let status):
        if let crash = tsanDeadlySignal(result.stderr, root: root) {
            // ThreadSanitizer caught a crash (a SEGV, or a trap for an exercise) and exited with its own
            // status, or another thread ended the program while it was reporting (a trap on a task while
            // the main thread exits: seen with status 0). Named where the project's own code was when it
            // happened, with the reason when known.
            problems.append(
                .crashed(
                    signal: crash.signal,
                    stderrTail: crashAccount(crash, root: root, demangler: demangler, stderr: result.stderr)))
        } else if status == tsanExitStatus && !reported && transcript.exitStatus != tsanExitStatus {
            problems.append(.tsanExitWithoutReport)
        } else if status == PageStop.status, transcript.exitStatus != PageStop.status,
            let stopped = pageStoppedByTheLesson(output)
        {
            // The lesson's own page time limit: a hang, said first, rather than "exit status 3".
            problems.insert(.pageNeverFinished(page: stopped.page, limit: stopped.limit), at: 0)
        } else if status != transcript.exitStatus && !(status == tsanExitStatus && reported) {
            problems.append(.exitStatus(expected: transcript.exitStatus, actual: status))
        }
    }
}

/// The output against the transcript: the first line it parts at (on time alone, when it matches with
/// any times at all), or the forbidden outcome it ended in. A watchdog that gave up where the output
/// parted is a hang, said first. Returns the transcript's outcomes the output matched.
func judgeOutput(
    _ output: String, transcript: Transcript, timing: TimingModel, stderr: String, problems: inout [CheckProblem]
) -> [Transcript.Outcome] {
    let match = transcript.match(output, times: timing.timeCheck)
    if let mismatch = match.mismatch {
        // Off on time alone when the output matches with any times at all (and not by a forbidden ending).
        let shape = transcript.match(output, times: .anyTime)
        let timeOnly = shape.matched && !shape.outcomes.contains { $0.kind == .forbidden }
        var shown = timeOnly ? match.timeMismatch ?? mismatch : mismatch
        shown.speed = timing.speed
        problems.append(timeOnly ? .timing(shown) : .output(shown))
        // The output parted from the transcript where a watchdog gave up: say it hangs, first.
        if let said = shown.actual.flatMap(watchdogGaveUp) {
            let misuse = continuationMisuse(stderr).map { "; the Swift runtime said: \($0)" } ?? ""
            problems.insert(.watchdogGaveUp(said + misuse), at: 0)
        }
    } else if let forbidden = match.outcomes.last(where: { $0.kind == .forbidden }) {
        problems.append(.forbiddenOutcome(forbidden.name))
    }
    return match.outcomes
}

/// The races against the transcript's verdict: each unexpected one once, with how often it was
/// reported, and, when `sayMissing`, each expected one that was not reported. Returns the expected
/// functions with no race reported.
func judgeRaces(
    _ races: [RaceDescription], transcript: Transcript, sayMissing: Bool, problems: inout [CheckProblem]
) -> [String] {
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
    if sayMissing {
        problems += missing.map { function in
            let accessors = Set(
                races.filter(\.isRace).flatMap(\.sides).map(\.function).filter {
                    $0.hasPrefix(function + ".") || $0.contains("." + function + ".")
                })
            return .missingRace(function, accessors: accessors.sorted())
        }
    }
    return missing
}

/// What a crash ThreadSanitizer caught says to the reader: why, when its stack tells (`TrapCause`); the project's function or closure it happened in, with its file and line; Swift's own
/// "Fatal error" line; else TSan's message and the frame it crashed in.
func crashAccount(
    _ crash: (signal: Int32, message: String, symbol: String?, own: TSanReport.Frame?, cause: TrapCause?),
    root: String, demangler: Demangler, stderr: String
) -> [String] {
    var lines: [String] = []
    if let own = crash.own, let file = own.file {
        let demangled = demangler.demangle([own.symbol])[own.symbol] ?? own.symbol
        let name = (demangled.hasPrefix("closure") ? "a closure in " : "") + functionName(demangled)
        // A closure's isolation check runs in its prologue, which has no line: the line it opens on.
        let line =
            own.line
            ?? (try? String(contentsOfFile: file, encoding: .utf8)).flatMap {
                Runner.closure(named: demangled, in: $0)?.opens
            }
        let place = String(file.dropFirst(root.count + 1)) + (line.map { ":\($0)" } ?? "")
        lines.append("in \(name) (\(place))")
    }
    if let cause = crash.cause { lines.append(cause.why) }
    let fatal = crashSummary(stderr).filter { $0.contains("Fatal error") || $0.contains("Precondition failed") }
    lines += fatal
    if lines.isEmpty {
        let place = crash.symbol.map { functionName(demangler.demangle([$0])[$0] ?? $0) }
        lines = [crash.message] + (place.map { ["in \($0)"] } ?? [])
    }
    return lines
}
