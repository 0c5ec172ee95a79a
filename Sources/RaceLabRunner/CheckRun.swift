import Foundation
import RaceLabContract

/// Runs `executable` with `arguments` and `--speed`, and judges it against `transcript`. A run that
/// fails on time alone is run again at the timing model's confirming speed, and that run decides; so
/// is one that fails on its output alone when the transcript says its order is timed (with `timed
/// order: when late`, only when the page said its timing was off). A run that passed after saying its
/// contention round fell short (`ContentionFellShort`) judged less than it plays for: it is run again,
/// up to `contentionTries` runs in all, and the first run that does not say so, or fails, decides.
/// A run whose ThreadSanitizer reports came out interleaved is run once more at once; a real-speed
/// rerun that is late by no more than the machine put a chain of naps behind passes (`MachineLateness`).
public func checkRun(
    _ executable: String, arguments: [String], transcript: Transcript, root: String, limits: RunLimits = RunLimits(),
    timing: TimingModel = TimingModel(), banner: Banner? = nil, contentionTries: Int = 3,
    program: [Subject.SourceFolder]? = nil, racesDocumented: Bool = false
) -> RunOutcome {
    let once = {
        checkRunOnce(
            executable, arguments: arguments, transcript: transcript, root: root, limits: limits, timing: timing,
            banner: banner, program: program, racesDocumented: racesDocumented)
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
    _ executable: String, arguments: [String], transcript: Transcript, root: String, limits: RunLimits,
    timing: TimingModel, banner: Banner?, program: [Subject.SourceFolder]?, racesDocumented: Bool = false
) -> RunOutcome {
    func attempt(_ timing: TimingModel, timeout: Double) -> RunOutcome {
        let expectsNoRace = transcript.verdict == .clean
        let result = runProcess(
            executable, arguments: arguments + ["--speed", String(timing.speed)],
            environment: runEnvironment(
                exitPause: limits.exitPause, catchTraps: limits.catchTraps, more: limits.environment),
            directory: root, timeout: timeout, outputCap: limits.outputCap,
            stopWhen: limits.stopAtFirstReport && expectsNoRace ? hasWholeTSanReport : nil)
        var outcome = judge(
            result, transcript: transcript, root: root, cap: limits.outputCap, timing: timing,
            ownLinesAllowed: limits.ownLinesAllowed, banner: banner, program: program, executable: executable)
        // An expected race under a name the program does not have: said before anything else.
        let missing = outcome.problems.compactMap { problem -> String? in
            if case .missingRace(let function, _) = problem { return function } else { return nil }
        }
        let unknown = UnknownNames.problems(missing: missing, root: root, sources: program, executable: executable)
        outcome.problems.insert(contentsOf: unknown, at: 0)
        return outcome
    }
    var first = attempt(timing, timeout: transcript.timeout)
    var unreadRuns = 0
    // Where races are expected (by the transcript, or by a wrong fix's `// must fail: race …`),
    // reports that cannot be read cannot say which race it was: the page is run again (up to twice),
    // and the first run whose reports can be read decides (a run that crashed while two threads
    // reported is the likeliest case). Where none is expected, any report is already a failure, and
    // is never run away from.
    while transcript.verdict != .clean || racesDocumented, first.reportsUnread, unreadRuns < 2 {
        unreadRuns += 1
        let seconds = first.seconds
        first = attempt(timing, timeout: transcript.timeout)
        first.seconds += seconds
        first.ranAgainForInterleavedReports = true
    }
    first.speed = timing.speed
    // Off on time alone; or, where the transcript's order follows from times, off in its output alone.
    // Where confirmed only when late, the first run must have said so (its time marks already removed).
    let confirmable: Set<FailureKind> =
        transcript.timedOrder && (!transcript.confirmOnlyWhenLate || first.saidTimingWasOff)
        ? [.time, .content] : [.time]
    guard !first.passed, first.problems.allSatisfy({ confirmable.contains($0.kind) }),
        let confirming = timing.confirming
    else {
        return first
    }
    let probe = MachineLateness()
    var rerun = attempt(confirming, timeout: transcript.timeout * timing.speed / confirming.speed)
    let lateness = probe.stop()
    rerun.machineLateness = lateness.atEnd
    if lateness.explains(rerun) {
        // Late at real speed too, but by no more than the machine itself was: a busy machine.
        rerun.excusedAsBusy = rerun.problems
        rerun.problems = []
    }
    rerun.firstRun = first.problems
    rerun.ranAgainForInterleavedReports = first.ranAgainForInterleavedReports
    rerun.seconds += first.seconds
    rerun.speed = timing.speed
    return rerun
}
