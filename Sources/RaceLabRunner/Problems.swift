import Foundation
import RaceLabContract

/// Something a page did that its transcript did not expect.
public enum CheckProblem: CustomStringConvertible {
    case output(OutputMismatch)
    /// The lines every RaceLab program prints first are not what the runner expects (`Banner`).
    case banner(String)
    /// The output has the transcript's shape, but a time is off even with the runner's allowance.
    case timing(OutputMismatch)
    /// The output matched an outcome the transcript names as forbidden.
    case forbiddenOutcome(String)
    /// The driver and ThreadSanitizer passed it, but the schedule explorer found a schedule of the
    /// attendee's code that ends wrong: its brief account (`ExploredVerdict.briefly`).
    case explored([String])
    /// A type whose promise the task does not take (`UnkeptPromise`): what, and where in their file.
    case unkeptPromise([String])
    case unexpectedRace(RaceDescription, count: Int)
    /// `accessors`: the races TSan reported in accessors of what the transcript names (`Person.name`
    /// is reported as `Person.name.getter`, `.setter` or `.modify`): what the transcript should say.
    case missingRace(String, accessors: [String] = [])
    case exitStatus(expected: Int32, actual: Int32)
    case crashed(signal: Int32, stderrTail: [String])
    case timedOut(seconds: Double)
    /// The lesson stopped its own page (exit status 3): it did not end within its time limit.
    case pageNeverFinished(page: Int, limit: String)
    /// A watchdog gave up waiting where the transcript expected something else (`Watchdog.line`).
    case watchdogGaveUp(String)
    /// `byOwnPrints`: most of what it printed was the attendee's own lines, not the lesson's.
    case flooded(bytes: Int, byOwnPrints: Bool)
    case tsanExitWithoutReport
    /// A ThreadSanitizer report ends before its SUMMARY line: its race cannot be judged either way.
    case reportCutOff(kind: String)
    /// The page could not be checked at all (a missing program, …).
    case message(String)
    /// The transcript cannot be read or parsed: the page was not run, and nothing is said of it.
    case transcriptError(String)
    /// ThreadSanitizer's reports on stderr were mixed line by line (two reporting at once): no race
    /// is named from them.
    case interleavedReports

    public var description: String {
        switch self {
        case .message(let text):
            return text
        case .transcriptError(let text):
            return "transcript error: \(text)"
        case .interleavedReports:
            return "ThreadSanitizer's reports were interleaved (two reported at once, their lines mixed) and could not"
                + " be read: no race is named from them"
        case .banner(let text):
            return text
        case .output(let mismatch) where mismatch.forAttendee && mismatch.actual == nil && mismatch.expected != nil:
            return "\(mismatch)"
        case .output(let mismatch):
            return
                (mismatch.forAttendee
                ? "the output is not what it should be at " : "output differs from the transcript at ") + "\(mismatch)"
        case .timing(let mismatch):
            return "a time is off at \(mismatch)"
        case .forbiddenOutcome(let name):
            return "forbidden outcome: \(name)"
        case .explored(let lines), .unkeptPromise(let lines):
            return lines.joined(separator: "\n")
        case .unexpectedRace(let race, let count):
            // An attendee is meant to remove the race: to them it is a race, not an "unexpected" one.
            return (race.forAttendee ? "" : "unexpected ") + "\(race)\(count > 1 ? " (×\(count))" : "")"
        case .missingRace(let function, let accessors) where !accessors.isEmpty:
            return
                "expected a data race in \(function), but ThreadSanitizer names a property's accessors, and reported "
                + accessors.joined(separator: ", ") + ": write 'race \(accessors[0])' in the transcript"
        case .missingRace(let function, _):
            return "expected a data race in \(function), but ThreadSanitizer reported none there"
        case .exitStatus(let expected, let actual):
            return "exit status \(actual), expected \(expected)"
        case .crashed(let signal, let tail):
            // Where, on the first line ("… in Person.name.getter (Person.swift:33)"), so that why is the second.
            let place = tail.first.flatMap { $0.hasPrefix("in ") ? " " + $0 : nil } ?? ""
            return
                (["crashed with signal \(signal)\(signalName(signal))\(place)"]
                + tail.dropFirst(place.isEmpty ? 0 : 1).map { "  " + $0 }).joined(separator: "\n")
        case .timedOut(let seconds):
            return
                "did not finish within \(Int(seconds)) s and was stopped: it hangs, or waits for something that never comes"
        case .watchdogGaveUp(let said) where said.contains(StillMoving.words):
            return "it is too slow: the watchdog gave up (\(said)). " + slowCauses
        case .watchdogGaveUp(let said):
            return "it hangs: the watchdog gave up (\(said)). " + hangCauses
        case .pageNeverFinished(let page, let limit):
            return
                "it hangs: page \(page) did not finish within \(limit) of lesson time, and the lesson stopped it (exit status 3). "
                + hangCauses
        case .flooded(let bytes, let byOwnPrints):
            return byOwnPrints
                ? "printed more than \(bytes / 1024) KiB and was stopped, most of it your own print()s: they hide the exercise's output, so print less (or only once)"
                : "printed more than \(bytes / 1024) KiB and was stopped: it floods its output"
        case .tsanExitWithoutReport:
            return "exit status \(tsanExitStatus) (ThreadSanitizer's) but no report could be read on stderr"
        case .reportCutOff(let kind):
            return "ThreadSanitizer's report of a \(kind) was cut off before its end (the program was stopped, or its"
                + " output capped, while TSan was writing): that race is neither counted nor missed; run it again"
        }
    }

    /// Which kind it is, for the outcome's questions (`RunOutcome`).
    var isInterleavedReports: Bool { if case .interleavedReports = self { true } else { false } }
    var isTranscriptError: Bool { if case .transcriptError = self { true } else { false } }
    var isReportCutOff: Bool { if case .reportCutOff = self { true } else { false } }
    /// A watchdog that gave up on work still moving: slow, not stuck (`StillMoving`).
    var isSlowNotStuck: Bool {
        if case .watchdogGaveUp(let said) = self { said.contains(StillMoving.words) } else { false }
    }

    /// The problem as an attendee is told it: output expectations in words (`OutputMismatch.forAttendee`).
    var forAttendee: CheckProblem {
        switch self {
        case .output(var mismatch):
            mismatch.forAttendee = true
            return .output(mismatch)
        case .timing(var mismatch):
            mismatch.forAttendee = true
            return .timing(mismatch)
        case .unexpectedRace(var race, let count):
            race.forAttendee = true
            return .unexpectedRace(race, count: count)
        default: return self
        }
    }

    var isExplored: Bool { if case .explored = self { true } else { false } }

    /// What kind of failure this is, for `racelab stress`'s table.
    public var kind: FailureKind {
        switch self {
        case .output, .banner, .explored, .unkeptPromise: return .content
        case .timing: return .time
        case .forbiddenOutcome: return .forbidden
        case .unexpectedRace, .missingRace: return .race
        case .exitStatus, .tsanExitWithoutReport: return .exit
        case .reportCutOff: return .error
        case .crashed: return .crash
        case .timedOut, .pageNeverFinished, .watchdogGaveUp: return .hang
        case .flooded: return .flood
        case .message, .transcriptError, .interleavedReports: return .error
        }
    }

    /// Which documented starter failure this is, if any (see `ExpectedFailure`).
    func isCase(_ failure: ExpectedFailure) -> Bool {
        if case .either(let alternatives) = failure { return alternatives.contains { isCase($0) } }
        switch (self, failure) {
        case (.output, .output), (.banner, .output), (.timing, .output), (.forbiddenOutcome, .output),
            (.timedOut, .timeout), (.pageNeverFinished, .timeout), (.watchdogGaveUp, .timeout), (.crashed, .crash),
            (.exitStatus, .exit), (.explored, .explorer), (.unkeptPromise, .output):
            return true
        case (.unexpectedRace(let race, _), .race(let function)): return race.involves(function)
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

/// What usually makes a page or an exercise wait forever.
let hangCauses =
    "Something waits forever: a deadlock (a sync onto the queue it is running on, the main queue waiting for"
    + " itself, a thread waiting in DispatchQueue.main.sync while it holds a lock or queue that the main queue waits for),"
    + " a group or semaphore nobody signals, an operation that never finishes, or, in async code, a continuation never"
    + " resumed, or a thread of Swift's cooperative pool blocked (a semaphore's wait, a lock held across an await),"
    + " which stops every task behind it"

/// What usually makes a run that never stops working too slow for the check.
let slowCauses =
    "Nothing waited forever: your code kept answering, only more slowly than the check allows. Look for work"
    + " that grows with every call (the whole list copied, searched or rebuilt each time) or a wait in a loop"

/// The kinds of failure `racelab stress` counts.
public enum FailureKind: String, CaseIterable, Comparable {
    case time, content
    case forbidden = "forbidden outcome"
    case race = "race verdict"
    case hang, crash, flood, exit, error

    public static func < (lhs: FailureKind, rhs: FailureKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
