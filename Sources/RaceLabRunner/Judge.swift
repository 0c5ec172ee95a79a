import Foundation
import RaceLabKit

/// Runs `executable` with `arguments` and `--speed`, and judges it against `transcript`. A run that
/// fails on time alone is run again at the timing model's confirming speed, and that run decides; so
/// is one that fails on its output alone when the transcript says its order is timed (with `timed
/// order: when late`, only when the page said its timing was off). A run that passed after saying its
/// contention round fell short (`ContentionFellShort`) judged less than it plays for: it is run again,
/// up to `contentionTries` runs in all, and the first run that does not say so, or fails, decides.
public func checkRun(
    _ executable: String, arguments: [String], transcript: Transcript, root: String, limits: RunLimits = RunLimits(),
    timing: TimingModel = TimingModel(), banner: Banner? = nil, contentionTries: Int = 3, program: [Subject.SourceFolder]? = nil
) -> RunOutcome {
    let once = {
        checkRunOnce(executable, arguments: arguments, transcript: transcript, root: root, limits: limits, timing: timing, banner: banner, program: program)
    }
    var outcome = once()
    var short = 0
    while outcome.passed && outcome.saidContentionFellShort {
        short += 1
        guard short < contentionTries else { break }
        let seconds = outcome.seconds
        outcome = once()
        outcome.seconds += seconds
    }
    outcome.contentionShortRuns = short
    return outcome
}

/// One run of `checkRun`, with its confirmation at real speed.
func checkRunOnce(
    _ executable: String, arguments: [String], transcript: Transcript, root: String, limits: RunLimits, timing: TimingModel,
    banner: Banner?, program: [Subject.SourceFolder]?
) -> RunOutcome {
    func attempt(_ timing: TimingModel, timeout: Double) -> RunOutcome {
        let expectsNoRace = transcript.verdict == .clean
        let result = runProcess(
            executable, arguments: arguments + ["--speed", String(timing.speed)], environment: runEnvironment(exitPause: limits.exitPause),
            directory: root, timeout: timeout, outputCap: limits.outputCap,
            stopWhen: limits.stopAtFirstReport && expectsNoRace ? hasWholeTSanReport : nil)
        return judge(
            result, transcript: transcript, root: root, cap: limits.outputCap, timing: timing, ownLinesAllowed: limits.ownLinesAllowed,
            banner: banner, program: program)
    }
    var first = attempt(timing, timeout: transcript.timeout)
    first.speed = timing.speed
    // Off on time alone; or, where the transcript's order follows from times, off in its output alone.
    // Where confirmed only when late, the first run must have said so (its time marks already removed).
    let saidLate = { first.stdout.split(separator: "\n").contains { $0.hasPrefix(TimingWasOff.mark) } }
    let confirmable: Set<FailureKind> = transcript.timedOrder && (!transcript.confirmOnlyWhenLate || saidLate()) ? [.time, .content] : [.time]
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
    ownLinesAllowed: Bool = false, banner: Banner? = nil, program: [Subject.SourceFolder]? = nil, demangler: Demangler = Demangler()
) -> RunOutcome {
    var problems: [CheckProblem] = []
    var outcomes: [Transcript.Outcome] = []
    let reports = parseTSanReports(result.stderr)
    let races = describe(reports.filter(\.isComplete), root: root, program: program, demangler: demangler)
    let cutOff = reports.filter { !$0.isComplete }
    problems += cutOff.prefix(1).map { .reportCutOff(kind: $0.kind) }
    let output = separateLessonLines(result.stdout)
    var checked = ownLinesAllowed ? output.lesson : output.all
    if let banner, !result.timedOut, !result.flooded, !result.stoppedEarly {
        let stripped = banner.strip(checked, speed: timing.speed)
        checked = stripped.rest
        if let problem = stripped.problem { problems.append(.banner(problem)) }
    }
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
            } else if status == 66 && races.isEmpty && cutOff.isEmpty && transcript.exitStatus != 66 {
                problems.append(.tsanExitWithoutReport)
            } else if status == PageStop.status, transcript.exitStatus != PageStop.status, let stopped = pageStoppedByTheLesson(checked) {
                // The lesson's own page time limit: a hang, said first, rather than "exit status 3".
                problems.insert(.pageNeverFinished(page: stopped.page, limit: stopped.limit), at: 0)
            } else if status != transcript.exitStatus && !(status == 66 && !(races.isEmpty && cutOff.isEmpty)) {
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
            // The output parted from the transcript where a watchdog gave up: say it hangs, first.
            if let said = shown.actual.flatMap(watchdogGaveUp) {
                let misuse = continuationMisuse(result.stderr).map { "; the Swift runtime said: \($0)" } ?? ""
                problems.insert(.watchdogGaveUp(said + misuse), at: 0)
            }
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
    // A page that was stopped early may not have reached its race, and a cut-off report may be that
    // race: report only what it did.
    if !result.timedOut && !result.flooded && !result.stoppedEarly && cutOff.isEmpty {
        problems += missing.map { function in
            let accessors = Set(races.filter(\.isRace).flatMap(\.sides).map(\.function).filter {
                $0.hasPrefix(function + ".") || $0.contains("." + function + ".")
            })
            return .missingRace(function, accessors: accessors.sorted())
        }
    }
    // Stopped because ThreadSanitizer reported something: that run never passes, even when the report
    // is one the runner cannot read (seen once in an adversarial round: a PASSED after 0.2 s).
    if result.stoppedEarly && problems.isEmpty {
        let summary = result.stderr.split(separator: "\n").first { $0.hasPrefix("SUMMARY: ThreadSanitizer") }.map(String.init) ?? "SUMMARY: ThreadSanitizer"
        problems.append(.message("stopped at a ThreadSanitizer report the runner could not read (\(summary)): run it again to see it whole"))
    }
    return RunOutcome(
        problems: problems, races: races, seconds: result.seconds, stdout: checked,
        ownLines: ownLinesAllowed ? output.own : [], stoppedAtFirstReport: result.stoppedEarly, outcomes: outcomes,
        expectedRacesReported: missing.isEmpty)
}
