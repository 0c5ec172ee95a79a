import Foundation
import RaceLabContract

// Reading what a checked program printed: the lesson's lines apart from an attendee's own, and from
// stderr, a whole TSan report and why a program crashed.

/// True once `stderr` holds a whole ThreadSanitizer report (its SUMMARY line has ended).
func hasWholeTSanReport(_ stderr: String) -> Bool {
    // A crash ThreadSanitizer caught ends the program by itself, and its stack is read whole.
    guard !stderr.contains("ThreadSanitizer:DEADLYSIGNAL") else { return false }
    guard let summary = stderr.range(of: "SUMMARY: ThreadSanitizer") else { return false }
    return stderr[summary.upperBound...].contains("\n")
}

/// A program's stdout, told apart by RaceLab's line mark (`RACELAB_MARK_LINES`): `lesson`, the lines
/// the lesson machinery printed; `own`, everything else, such as an attendee's debugging `print`s
/// (a `print` without a newline runs into the next lesson line, where the mark splits it off);
/// `all`, every line with the marks removed.
func separateLessonLines(_ stdout: String) -> (lesson: String, own: [String], all: String, explanations: [String]) {
    var lesson: [Substring] = []
    var own: [Substring] = []
    var all: [Substring] = []
    var explanations: [String] = []
    var accounts: [String] = []
    for line in stdout.split(separator: "\n", omittingEmptySubsequences: false) {
        guard let mark = line.firstIndex(of: Character(lineMark)) else {
            all.append(line)
            if !line.isEmpty { own.append(line) }
            continue
        }
        if mark > line.startIndex { own.append(line[..<mark]) }
        // The text after a mark is the lesson's; a second mark on one line (which line buffering
        // prevents) would only be removed.
        var text = line[line.index(after: mark)...].replacingOccurrences(of: lineMark, with: "")
        // A driver's own account of what is wrong (`explain`): kept for the verdict, checked as any line.
        if text.hasPrefix(explanationMark) {
            text.removeFirst(explanationMark.count)
            accounts.append(text)
        } else if text.contains(faultArrow) {
            explanations.append(text)  // one thing seen, marked by hand: "Final name: Gina Dingle   <- torn!"
        }
        lesson.append(Substring(text))
        all.append(line[..<mark] + Substring(text))
    }
    // The driver's accounts first: what went wrong and why, before the things it saw.
    return (lesson.joined(separator: "\n"), own.map(String.init), all.joined(separator: "\n"), accounts + explanations)
}

/// A crash that ThreadSanitizer caught ("ThreadSanitizer:DEADLYSIGNAL", then "ERROR: ThreadSanitizer:
/// SEGV on unknown address …"): it exits with its own status, not by the signal. The signal, the
/// error's message, the symbol of the frame it crashed in, and the first frame of the project's own
/// code (a file under `root`): where an attendee can look.
func tsanDeadlySignal(_ stderr: String, root: String = "/") -> (
    signal: Int32, message: String, symbol: String?, own: TSanReport.Frame?, cause: TrapCause?
)? {
    let lines = stderr.split(separator: "\n").map(String.init)
    guard let start = lines.firstIndex(where: { $0.contains("ThreadSanitizer:DEADLYSIGNAL") }) else { return nil }
    // Another thread can end the program while TSan still writes (a trap on a task while the main
    // thread exits): the error line may never come. Without it, the trap exercises ask TSan to catch.
    let error =
        lines[start...].first(where: { $0.contains("ERROR: ThreadSanitizer: ") })
        ?? "ThreadSanitizer: ILL (its report cut off when the program ended)"
    let names: [(String, Int32)] = [("SEGV", 11), ("BUS", 7), ("FPE", 8), ("ILL", 4), ("ABRT", 6)]
    let signal = names.first { error.contains("ThreadSanitizer: \($0.0) ") }?.1 ?? 11
    let message = error.components(separatedBy: "ERROR: ").last ?? error
    let stack = lines[start...].drop { !$0.hasPrefix("    #0 ") }.prefix { $0.hasPrefix("    #") }
    let frame = stack.first?.split(separator: " ").dropFirst().first.map(String.init)
    // The project's frame nearest the top, one of an exercise's own files (the attendee's) first, then its
    // driver's main.swift: a trap in the driver's code is where the attendee's call led.
    let frames = stack.compactMap(parseFrame).filter { $0.file?.hasPrefix(root + "/") ?? false }
    let exercises = frames.filter { $0.file?.contains("/Exercise/") ?? false }
    let own = exercises.first { $0.file?.hasSuffix("/main.swift") == false } ?? exercises.first ?? frames.first
    let raced = lines[..<start].contains {
        $0.contains("WARNING: ThreadSanitizer: data race") || $0.contains("WARNING: ThreadSanitizer: Swift access race")
    }
    // Where the first race reported touched an exercise's own file (not its driver's main.swift, if it
    // can): the line the attendee looks at, when the crash itself is in the driver's code.
    let reported = lines[..<start].compactMap(parseFrame).filter {
        $0.line != nil && $0.file?.contains("/Exercise/") == true
    }
    let racedAt = (reported.first { $0.file?.hasSuffix("/main.swift") == false } ?? reported.first).map { frame in
        let file = frame.file!
        let shown = file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
        return "\(shown):\(frame.line!)"
    }
    // A bad memory access in the attendee's own code, with no race reported first: most often memory
    // two threads wrote at once, which crashed before ThreadSanitizer could report it.
    let corrupted = [11, 7].contains(signal) && own?.file?.contains("/Exercise/") == true
    return (
        signal, message, frame, own,
        TrapCause(stack) ?? (raced ? .afterARace(at: racedAt) : corrupted ? .badMemoryAccessInTheirCode : nil)
    )
}

/// A trap whose cause its stack tells, so the verdict can say why in one sentence.
enum TrapCause: Equatable {
    /// Swift 6's run-time isolation check (SE-0423): the runtime asks the executor, which on Linux is
    /// libdispatch's main queue assertion.
    case isolationCheck
    /// `sync` onto the queue the code already runs on: libdispatch traps in `__DISPATCH_WAIT_FOR_QUEUE__`
    /// ("dispatch_sync called on queue already owned by current thread", swift-corelibs-libdispatch
    /// and Apple's libdispatch alike, src/queue.c).
    case syncOnItsOwnQueue
    /// A Swift runtime trap (an index out of range, a force-unwrap) after ThreadSanitizer reported a race
    /// in the same run: memory another thread changed under this code's feet is a likely cause.
    /// `at`: where the first race reported touched an exercise's file, when it did.
    case afterARace(at: String?)
    /// SIGSEGV or SIGBUS in the attendee's own code, no race reported before it: a dictionary or array
    /// two threads wrote at once corrupts itself and crashes, often before TSan reports (docs of
    /// exercise 10's `chain-without-lock`). No other cause is likely in the exercises' code, which
    /// has no unsafe pointers; deep recursion is the one named.
    case badMemoryAccessInTheirCode
    /// A group left more often than it was entered: libdispatch traps in `dispatch_group_leave`
    /// ("Unbalanced call to dispatch_group_leave()", swift-corelibs-libdispatch and Apple's libdispatch
    /// alike, src/semaphore.c), as when a callback's `leave()` runs before the `enter()` after its fetch.
    case unbalancedLeave

    init?<Lines: Sequence<String>>(_ stack: Lines) {
        let frames = Array(stack)
        if frames.contains(where: {
            $0.contains("swift_task_checkIsolated") || $0.contains("swift_task_isCurrentExecutor")
        }) {
            self = .isolationCheck
        } else if frames.first?.contains("__DISPATCH_WAIT_FOR_QUEUE__") == true {
            self = .syncOnItsOwnQueue
        } else if frames.first?.contains("dispatch_group_leave") == true {
            self = .unbalancedLeave
        } else {
            return nil
        }
    }

    /// Why, in one sentence an attendee can act on.
    var why: String {
        switch self {
        case .isolationCheck:
            return "why: Swift 6's run-time isolation check (SE-0423) found code of the main actor called on another"
                + " thread. It checks at the closure's first line, so a hop to the main queue inside it is too late:"
                + " call it on the main actor, or make it not the main actor's (@Sendable) and hop inside."
        case .syncOnItsOwnQueue:
            return "why: a sync onto the queue this code already runs on waits for itself forever, and libdispatch"
                + " stops the program rather than hang: where you are already on the queue, do the work directly."
        case .afterARace(let at):
            return "why: ThreadSanitizer saw two threads touch the same memory at once earlier in this run"
                + (at.map { " (at \($0))" } ?? "") + ", and"
                + " memory another thread changes in the middle of this code's work can crash it (an index no"
                + " longer there): every access to it, reads too, must go through the same lock, queue or actor."
        case .unbalancedLeave:
            return "why: a group was left more often than it was entered, and libdispatch stops the program: a"
                + " callback can run before the line after the call that starts its work, so enter before that call."
        case .badMemoryAccessInTheirCode:
            return "why: a bad memory access in your code is most often memory two threads changed at once (a"
                + " dictionary or array left half-written crashes before ThreadSanitizer can report it), or else"
                + " recursion that never ends: every access to shared memory, reads too, must go through the same"
                + " lock, queue or actor."
        }
    }
}

/// Why it crashed, from stderr: Swift's "Fatal error" line and whatever else was printed outside
/// the TSan reports; when nothing was, what stderr did hold. `signal`: what ended it.
func crashSummary(_ stderr: String, signal: Int32? = nil) -> [String] {
    var lines: [String] = []
    var inReport = false
    var reports = 0
    for line in stderr.split(separator: "\n").map(String.init) {
        if line.hasPrefix("WARNING: ThreadSanitizer") {
            inReport = true
            reports += 1
        }
        if !inReport && !line.hasPrefix("==================") && !line.hasPrefix("ThreadSanitizer: reported") {
            lines.append(line)
        }
        if line.hasPrefix("SUMMARY: ThreadSanitizer") { inReport = false }
    }
    let fatal = lines.filter { $0.contains("Fatal error") || $0.contains("Precondition failed") }.map(shortened)
    if !fatal.isEmpty { return fatal }
    if lines.isEmpty && reports > 0 {
        // What stderr held: only ThreadSanitizer's reports, the last cut off if it was still writing.
        let held =
            "(stderr held only ThreadSanitizer's report\(reports == 1 ? "" : "s")"
            + (inReport
                ? ", the last cut off mid-report: the program ended while TSan was writing it)"
                : ", no message of the program's own)")
        return [held] + (signal == SIGKILL ? [killedFromOutside] : [])
    }
    if lines.isEmpty && signal == SIGKILL { return ["(nothing on stderr)", killedFromOutside] }
    if lines.isEmpty {
        // Both measured on Linux with Swift 6.3.1: a trap with no message at all.
        return [
            "(nothing on stderr: Dispatch traps this way too, e.g. on a `sync` onto the serial queue the code already runs on,",
            "and so does `MainActor.assumeIsolated` called off the main actor)",
        ]
    }
    return lines.suffix(4).map(shortened)
}

/// SIGKILL cannot be raised by a trap: something outside the program sent it.
let killedFromOutside =
    "SIGKILL comes from outside the program: the system's out-of-memory killer (a process that grew too big), or a person"

/// A line of stderr cut to 300 characters: a runtime message can quote a whole value (a continuation
/// resumed twice prints what it was resumed with: an image's 4,096 pixels).
func shortened(_ line: String) -> String {
    visible(line.count <= 300 ? line : String(line.prefix(300))) + (line.count <= 300 ? "" : " …")
}

/// Control characters (a NUL, a lone CR that would send the cursor back over the line) written as
/// `\u{0}`, `\u{D}`: what is quoted to a terminal reads as what it is. A tab stays a tab.
func visible(_ line: String) -> String {
    guard line.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else {
        return line
    }
    return String(
        line.unicodeScalars.map { scalar in
            (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
                ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
        }.joined())
}

/// The Swift runtime's warning or trap for a checked continuation misused (resumed twice, or dropped
/// without a resume: "SWIFT TASK CONTINUATION MISUSE: … leaked its continuation …"), shortened.
func continuationMisuse(_ stderr: String) -> String? {
    stderr.split(separator: "\n").first { $0.contains("SWIFT TASK CONTINUATION MISUSE") }.map { shortened(String($0)) }
}

/// The line a lesson prints when it stops a page that ran past its time limit (`PageStop`):
/// "Page 3 did not finish within 120.0 s of lesson time: stopping the lesson." The page and the limit.
func pageStoppedByTheLesson(_ stdout: String) -> (page: Int, limit: String)? {
    for line in stdout.split(separator: "\n").reversed() where line.hasPrefix("Page ") && line.hasSuffix(PageStop.end) {
        guard let middle = line.range(of: PageStop.middle),
            let page = Int(line[line.index(line.startIndex, offsetBy: 5)..<middle.lowerBound])
        else { continue }
        return (page, String(line[middle.upperBound..<line.index(line.endIndex, offsetBy: -PageStop.end.count)]))
    }
    return nil
}

/// What a watchdog said when it gave up waiting (`Watchdog.line`) in `stdout` (a line or more), e.g.
/// "SlowAddOperation still not finished after 5.0 s"; nil when none did.
func watchdogGaveUp(_ stdout: String) -> String? {
    guard let line = stdout.split(separator: "\n").first(where: { $0.contains("] " + watchdogMarker) }),
        let start = line.range(of: watchdogMarker)?.upperBound
    else { return nil }
    return String(line[start...].split(separator: ";")[0])
}
