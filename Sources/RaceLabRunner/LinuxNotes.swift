import Foundation

/// What Linux's Foundation or ThreadSanitizer does differently from Apple's platforms, told to an
/// attendee whose file uses it when the verdict is the kind it causes: the failure is then not (only)
/// their logic. Each note cites where it was measured or the corelibs source it comes from.
struct LinuxNote {
    /// The name the attendee's code uses, as a word outside comments.
    let name: String
    /// The failure it causes; nil: any failure.
    let kind: FailureKind?
    let lines: [String]

    /// Also told to the program (`MutexInTheirCode`), which then leaves out what would contend it.
    static let mutex = LinuxNote(
        name: "Mutex", kind: .race,
        lines: [
            "Your file uses Synchronization's Mutex. On Linux, ThreadSanitizer cannot see how a waiting thread",
            "takes a contended Mutex (from the kernel), and reports races that may not be there (lesson 4,",
            "page 5). The referee cannot tell them apart: use NSLock or a queue, which it can see.",
        ])

    static let all = [
        mutex,
        LinuxNote(
            name: "NSConditionLock", kind: .crash,
            lines: [
                "Your file uses NSConditionLock. On Linux, Foundation's NSConditionLock traps (SIGILL) whenever lock() or",
                "lock(whenCondition:) has to wait: they wait until Date.distantFuture, whose time in nanoseconds overflows",
                "(swift-corelibs-foundation, Sources/Foundation/NSLock.swift, timeSpecFrom(date:)). Not your logic: use",
                "NSCondition, NSLock with a DispatchSemaphore, or a serial queue.",
            ]),
        LinuxNote(
            name: "removeDependency", kind: nil,
            lines: [
                "Your file calls removeDependency. On Linux, Foundation's Operation.removeDependency(_:) forgets the",
                "dependency but not that it was unfinished, so the operation never becomes ready and never runs",
                "(swift-corelibs-foundation, Sources/Foundation/Operation.swift, removeDependency; lesson 7's README).",
                "Build the graph without that dependency instead of adding it and taking it away.",
            ]),
    ]

    /// The notes that apply to a failed run of code in `sources`.
    static func applying(to outcome: RunOutcome, sources: [String]) -> [LinuxNote] {
        all.filter { note in
            (note.kind.map(outcome.failureKinds.contains) ?? true) && sources.contains { names(note.name, in: $0) }
        }
    }
}

/// Whether a line of `source` that is not a comment names `word` as a word (roughly: a line that
/// does not start with `//`).
func names(_ word: String, in source: String) -> Bool {
    source.split(separator: "\n").contains { line in
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { return false }
        let literal = NSRegularExpression.escapedPattern(for: word)  // "DispatchQueue.main": a dot, not any character
        return code.range(of: "(^|[^A-Za-z0-9_])\(literal)([^A-Za-z0-9_]|$)", options: .regularExpression) != nil
    }
}
