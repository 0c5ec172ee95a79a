import Foundation
import RaceLabContract

/// How the runner runs page processes.
public struct RunLimits {
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
    /// ThreadSanitizer catches a trap (SIGILL: a failed precondition, a force-unwrap, Swift 6's run-time
    /// isolation check) and prints its stack, so the verdict can name the attendee's code it happened
    /// in. Exercises only: a page's demos crash on purpose in child processes, which tell a crash by
    /// its signal.
    public var catchTraps = false
    /// More environment variables for the program (`HandoverMarkName.unjudged`).
    public var environment: [String: String] = [:]

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

/// The exit status of a process ThreadSanitizer reported on (its default, fixed by `runEnvironment`):
/// the judge reads it as TSan's, not the program's own.
let tsanExitStatus: Int32 = 66

/// The environment a page runs in: ThreadSanitizer's exit status and history fixed here, so that a
/// user's own TSAN_OPTIONS cannot change a verdict. `atexit_sleep_ms`: see `RunLimits.exitPause`
/// (TSan's default second before every exit would be a second of every page).
func runEnvironment(exitPause: Int = 0, catchTraps: Bool = false, more: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: HandoverMarkName.unjudged)  // the runner's to say, not the user's shell's
    environment.removeValue(forKey: MutexInTheirCode.variable)
    environment.merge(more) { $1 }
    environment["TSAN_OPTIONS"] =
        "exitcode=\(tsanExitStatus):halt_on_error=0:history_size=4:atexit_sleep_ms=\(exitPause)"
        + (catchTraps ? ":handle_sigill=1:handle_abort=1" : "")
    environment.removeValue(forKey: "RACELAB_SPEED")  // the runner passes --speed itself
    environment["RACELAB_MARK_LINES"] = "1"  // the lesson's lines start with RaceLab's lineMark
    // Swift's crash backtracer forks a helper, which can crash or hang in a TSan-built process and
    // holds the page's pipes while it runs: a crash must end the page at once. Swift still prints
    // its "Fatal error" line.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    return environment
}
