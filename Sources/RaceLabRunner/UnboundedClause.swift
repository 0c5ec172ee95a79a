import Foundation

/// A clock in the attendee's code where the task bounds nothing ("however long it takes", "however
/// much later", "as soon as"): a timeout, a delay or an expiry longer than the check waits passes every
/// run, and fails where an answer takes longer or a request comes later. No run can wait out every
/// bound, so a run the driver passes is failed at the line that uses one.
struct UnboundedClause {
    let exercise: Int
    /// The task's words that leave no room for a bound: the verdict's part after "<-".
    let clause: String

    static let all = [
        UnboundedClause(
            exercise: 2, clause: "call `completion` as soon as every fetch has called back, however long a fetch takes"),
        UnboundedClause(exercise: 12, clause: "`add` waits for the catalog's answer however long it takes"),
        UnboundedClause(
            exercise: 13,
            clause: "the cache keeps every image it downloaded, asked for again however much later, and a download"
                + " is waited for however long it takes"),
        UnboundedClause(
            exercise: 15,
            clause: "`done` is called as soon as the items and all their thumbnails are shown, not after a wait"),
    ]

    /// The verdict's line for a clock named `word`.
    func line(naming word: String) -> String {
        "your code uses a clock (`\(word)`): a timeout, a delay or an expiry sized to how long this check waits"
            + " passes here, and fails where an answer takes longer or a request comes later (no run can wait out"
            + " every bound, so the check reads your file for one)   <- \(clause): nothing in this task needs a clock"
    }

    /// Names that read a clock or wait on one, whole. `now` only as a member (`.now()`, `Date.now`,
    /// `clock.now`): a local of the attendee's own named `now` reads no clock (adversarial round 15: a
    /// right loader with `let now = lock.withLock { … }` failed).
    static let clockNames: Set<String> = [
        "Date", "DispatchTime", "DispatchWallTime", "CFAbsoluteTimeGetCurrent", "systemUptime",
        "uptimeNanoseconds", "clock_gettime", "gettimeofday",
    ]
    /// Parts of names that do (`Task.sleep`, `usleep`, `wait(timeout:)`, `asyncAfter(deadline:)`,
    /// `ContinuousClock`, `Timer`, `makeTimerSource`, `withTimeout`; the process's CPU time, `getrusage`,
    /// adversarial round 15; `mach_absolute_time`, `CACurrentMediaTime`), in lower case.
    static let clockParts = [
        "sleep", "timeout", "deadline", "clock", "timer", "asyncafter", "rusage", "absolute_time", "mediatime",
    ]

    /// C's calls that wait a while or read the time, whole and called (`poll(nil, 0, 1000)`, `select(0,
    /// nil, nil, nil, &tv)`: a sleep in other words, adversarial round 16; `time(nil)`, `sysinfo`'s uptime,
    /// `alarm`, a timer by signal): a name of the attendee's own spelled so (`let poll = …`) is no call.
    static let clockCalls = [
        "poll", "ppoll", "select", "pselect", "time", "times", "ftime", "sysinfo", "alarm", "ualarm", "setitimer",
        "getitimer", "kevent", "sigtimedwait",
        "epoll_wait", "epoll_pwait",  // portable: names looked for in the attendee's file, not called here
    ]
    /// Files that tell the time when read, named in a string (`String(contentsOfFile: "/proc/uptime")`:
    /// issue 53's seventeenth round): a clock in no name.
    static let clockFiles = [
        "/proc/uptime", "/proc/stat", "/proc/timer_list",  // portable: looked for in their file, not read
        "/proc/self/stat", "/proc/self/schedstat",  // portable: looked for in their file, not read
    ]
    /// Parts of names of waits with a time limit (`pthread_cond_timedwait`, `sem_timedwait`).
    static let timedWaits = "timedwait"

    /// The name in a line of code (its comment already cut off) that reads or waits on a clock, if
    /// any. String literals are not code; a line that waits until `distantFuture` sets no bound.
    static func clock(in code: String) -> String? {
        guard !code.contains("distantFuture") else { return nil }
        if let file = clockFiles.first(where: code.contains) { return file }
        let outsideStrings = code.replacingOccurrences(
            of: #""(\\.|[^"\\])*""#, with: "\"\"", options: .regularExpression)
        let names = outsideStrings.components(separatedBy: CharacterSet.alphanumerics.union(["_"]).inverted)
        let named = names.first { name in
            clockNames.contains(name) || clockParts.contains { name.lowercased().contains($0) }
                || name.lowercased().contains(timedWaits)
        }
        // Called as C's function: not a member (`.select(`), nor declared (`func poll(`).
        let called = clockCalls.first { name in
            outsideStrings.range(of: #"(?<![.\w])(?<!func )\#(name)\s*\("#, options: .regularExpression) != nil
        }
        return named ?? called
            ?? (outsideStrings.range(of: #"\.\s*now\b"#, options: .regularExpression) == nil ? nil : "now")
    }
}

extension Runner {
    /// The lines that fail a passed run of exercise `exercise` whose files (in `folder`) use a clock
    /// where its task bounds nothing (`UnboundedClause`): what and why, then where (the first such line).
    func clockLines(_ exercise: ExerciseInfo, folder: String) -> [String] {
        guard let unbounded = UnboundedClause.all.first(where: { $0.exercise == exercise.number }) else { return [] }
        for (path, text) in attendeeTexts(exercise, folder: folder) {
            for (index, code) in Self.codeLines(text).enumerated() {
                guard let word = UnboundedClause.clock(in: code) else { continue }
                return [
                    unbounded.line(naming: word),
                    "  where: \(path):\(index + 1), `\(code.trimmingCharacters(in: .whitespaces))`",
                ]
            }
        }
        return []
    }
}
