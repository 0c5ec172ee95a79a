// The runner contract: lines a lesson prints that the runner (RaceLabRunner) reads back. It checks the
// banner's lines and strips them before a transcript's first line, and it reads the line of a page
// stopped at its time limit to report a hang. Lessons and the runner both build these lines from here,
// so a change of wording is made once, for both.

/// Lines of the banner every lesson prints first, after its heading. The runner checks them
/// (RaceLabRunner's `Banner`), so transcripts start at the page.
public enum BannerLines {
    public static let threadSanitizerOn = "ThreadSanitizer is on: it reports data races on stderr as they happen."
    public static func speed(_ speed: Double) -> String {
        "Speed: \(speedText(speed)) (every time shown is in lesson seconds)"
    }
    /// An exercise's: the scenario this run plays.
    public static func seed(_ seed: UInt64) -> String {
        "Seed: \(seed) (this run's scenario; --seed \(seed) plays it again)"
    }
}

/// The line a lesson prints when a page runs past its time limit, before it exits with status 3. The
/// runner reads it back to report a hang rather than "exit status 3".
public enum PageStop {
    public static let status: Int32 = 3
    public static let middle = " did not finish within "
    public static let end = " of lesson time: stopping the lesson."
}

/// "real speed", "4x", "2.5x": how lessons and the runner name a speed (the banner's speed line, which
/// the runner checks, and the runner's own lines).
public func speedText(_ speed: Double) -> String {
    if speed == 1 { return "real speed" }
    return speed == speed.rounded() ? "\(Int(speed))x" : "\(speed)x"
}

/// Under the runner, every line the lesson prints starts with this byte (ASCII's record separator),
/// so the runner can tell the lesson's lines, which it checks, from an attendee's own `print`s, which
/// it shows as theirs and does not check. Set by the runner with `RACELAB_MARK_LINES=1`.
public var lineMark: String { "\u{1E}" }

/// What starts a driver's explanation under the runner, after `lineMark` (ASCII's unit separator).
public var explanationMark: String { "\u{1F}" }

/// What stands between what a driver saw and its hint in a fault line (`FaultLine`): the runner
/// reads a line with it as the driver's account of what is wrong.
public let faultArrow = "   <- "

/// A driver's word that a contention round fell short of its overlaps: the run judged less than it
/// plays for. The runner runs a run that passed after saying so again (`checkRun`).
public enum ContentionFellShort {
    public static let mark = "Contention fell short: "
    /// How the second line begins when the program's own other threads kept the cores busy.
    public static let ownThreadsBusy = "meanwhile this program's other threads kept"
}

/// A seed for an exercise run that was given none (`Scenario`): small, so that it is easy to type back.
public func freshSeed() -> UInt64 { UInt64.random(in: 1...99_999) }

/// A page's word that this run's timing was off: something came later than the machine was asked
/// for, so a failure may be a busy machine's and not the code's. A page whose transcript says `timed
/// order: when late` is run again at real speed only after such a line.
public enum TimingWasOff {
    public static let mark = "Timing was off: "
}

/// What starts a watchdog's line when it gave up waiting (`Watchdog`), which the runner reads back.
public let watchdogMarker = "watchdog: "

/// A watchdog's words when it gave up on work that was still moving (a driver's calls still returning
/// in its last stretch, `Watchdog.moved`): slow, not stuck. The runner reads them back to say so
/// rather than "it hangs".
public enum StillMoving {
    public static let words = "though its calls were still returning"
}

/// The environment variable by which `racelab explore` tells the explored program how a schedule is
/// played again ("swift run racelab explore 3"), as its pages say it.
public let replayCommandVariable = "RACELAB_REPLAY_COMMAND"

/// What the last line of an exploration of the attendee's code starts with when every schedule was
/// right (`ExploredVerdict` in RaceLabKit); `racelab explore` reads it.
public enum ExploredAllRight {
    public static let words = "Every schedule of this scenario is right"
    /// When no schedule went wrong because the code had no point to play at (nothing judged).
    public static let nothingPlayed = "No schedule went wrong, but only because"
    /// When the explorer could not go on (a task awaits what it does not schedule).
    public static let stopped = "The explorer stopped: "
    /// In the last line of an exploration that found a wrong schedule ("3 of the 52 schedules end
    /// wrong"): a scenario in parts is right only when no part says it.
    public static let someWrong = " schedules end wrong"
}

/// `racelab exercise N` asks an exploration of the attendee's code for a brief answer (the variable set
/// to "1"): one preemption at most, no table, and each line it has for the verdict starting with `mark`.
public enum ExploredBriefly {
    public static let variable = "RACELAB_EXPLORE_BRIEFLY"
    public static let mark = "briefly: "
    /// The preemptions a brief exploration allows: every wrong fix's simplest schedule has one or none,
    /// but for a small scenario's (`exploreTheirCode(brieflyUpTo:)`), which may go on to two.
    public static let preemptionBound = 1
    /// The line a brief exploration ends with: the most preemptions its schedules had ("1").
    public static let playedMark = "briefly played up to preemptions: "

    /// "at most 1 preemption", "at most 2 preemptions".
    public static func atMost(_ preemptions: Int) -> String {
        "at most \(preemptions) preemption\(preemptions == 1 ? "" : "s")"
    }
}

/// A driver's words for two instances that must share nothing but do: "a second controller … holds 3
/// events: the two share a store". The runner reads them back to find the store in the attendee's
/// file: a `static` property, or a `let` or `var` outside any type (`Runner.whereItIsShared`).
public enum SharedStore {
    public static let words = "the two share a store"
}

/// A driver's words for an image the cache did not keep ("… downloaded again   <- the cache keeps every
/// image it downloaded …"). The runner reads them back to show the lines that let an entry go
/// (`Runner.whereItLetsEntriesGo`).
public enum KeptForGood {
    public static let words = "the cache keeps every image it downloaded"
    /// Its words for a list that lost events nobody removed (exercise 12).
    public static let inTheList = "an event added stays in the list until it is removed"
}

/// A driver's words for a completion called before the call that was given it returned ("feed 3:
/// `completion` called inside `load`, before it returned"). The runner reads them back to show the
/// lines that call the completion where they are, not from a block sent elsewhere
/// (`Runner.whereItCompletedInside`).
public enum CompletedInside {
    public static let words = "`completion` called inside `load`, before it returned"
}

/// A driver's words for the main actor kept from the screen ("`Thumbnail.render` drew 3 thumbnails on
/// the main actor …, where the screen waits while it draws"). The runner reads them back to show the
/// lines that wait or draw outside a `@concurrent` function (`Runner.whereTheScreenWaited`).
public enum ScreenWaited {
    public static let words = "where the screen waits"
    /// Its words for frames the screen missed, where a wait for work sent elsewhere counts as much as work.
    public static let stoodStill = "the screen stood still"
}

/// A driver's words for what is held and should no longer be ("`thumbnails` held 1 of items no longer
/// shown"). The runner reads them back to name the lines that add to it before the one that empties it
/// (`thumbnails = [:]`), which did not put it there (`Runner.whereItIsUsed`).
public enum HeldNoLonger {
    public static let words = "of items no longer shown"
}

/// A driver's words for work the attendee's code left to a task it made and did not keep ("stored
/// later, by a task of its own"). The runner reads them back to show the lines that make such a task
/// (`Runner.whereATaskOfItsOwn`).
public enum TaskOfItsOwn {
    public static let words = "by a task of its own"
}

/// A driver's words for a call that returned before its work was done, where a read a moment later
/// found it done ("did add let its caller go on (resume it, or return) before the list took it?").
/// The runner reads them back to show the continuations resumed before other work in their block,
/// and the tasks made and let go (`Runner.whereItWentOnEarly`).
public enum WentOnEarly {
    public static let words = "let its caller go on (resume it, or return) before"
}

/// A driver's words for two writes that must be one critical section, where another thread got in
/// between them: "a read got in between changeName's writes of firstName and lastName". The runner
/// reads them back to find where the attendee's file lets go between the two (`Runner.whereItLetGo`).
public enum GotInBetween {
    public static func writes(_ who: String, function: String, _ first: String, _ second: String) -> String {
        "\(who) got in between \(function)'s writes of \(first) and \(second)"
    }

    /// The function and the two properties a line names, when it says this.
    public static func parse(_ line: String) -> (function: String, first: String, second: String)? {
        let words = line.components(separatedBy: " got in between ")
        guard words.count > 1 else { return nil }
        let rest = words[1].split(separator: " ").map(String.init)
        // "changeName's" "writes" "of" "firstName" "and" "lastName…"
        guard rest.count >= 6, rest[0].hasSuffix("'s"), rest[1] == "writes", rest[2] == "of", rest[4] == "and"
        else { return nil }
        let last = rest[5].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !last.isEmpty else { return nil }
        return (String(rest[0].dropLast(2)), rest[3], String(last))
    }
}

/// Set (to "1") by the runner on Linux where the attendee's files use Synchronization's `Mutex`:
/// ThreadSanitizer there cannot see how a waiting thread takes a contended one (lesson 4, page 5), so a
/// driver leaves out a round that makes their locks contended on purpose (exercise 15's paired round),
/// where a right file would be told of races that are not there.
public enum MutexInTheirCode {
    public static let variable = "RACELAB_THEIR_CODE_USES_MUTEX"
    /// How a driver's line that says what it left out for it begins: on a pass, the runner repeats it,
    /// so that the attendee knows what the pass does not cover.
    public static let leftOutMark = "Your file uses Mutex,"
}

/// The type of a driver's hand-over mark (RaceLabKit's `HandoverMark`): a race on it is read as a
/// value the attendee's code passed from one thread to another with nothing ordering the two.
public enum HandoverMarkName {
    public static let type = "HandoverMark"
    /// Set (to "1") by the runner where the attendee's code awaits: Swift's runtime resumes a task whose
    /// continuation was resumed before it awaited without telling ThreadSanitizer (`_swift_tsan_acquire`
    /// is in the slow path only: swift/stdlib/public/Concurrency/Task.cpp, swift_continuation_awaitImpl),
    /// so a mark handed over through one would race in right code. Its marks are then not looked at.
    public static let unjudged = "RACELAB_HANDOVERS_UNJUDGED"
}
