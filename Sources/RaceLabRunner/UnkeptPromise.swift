import Foundation

/// A type whose promise is not what an exercise's task asks, where no run on this machine can show
/// it: the run passes here, and would fail where the type keeps its word differently.
struct UnkeptPromise {
    let exercise: Int
    /// The name in the attendee's code, as a word outside comments.
    let name: String
    /// What is wrong, and why: the verdict's line.
    let line: String

    static let all = [
        // swift-corelibs-foundation's NSCache evicts only past a count or cost limit, neither set by
        // default (Sources/Foundation/NSCache.swift, `setObject(_:forKey:cost:)`): on Linux it never
        // forgets, so no round of the driver can show what Apple's does when memory runs short.
        UnkeptPromise(
            exercise: 13, name: "NSCache",
            line: "`NSCache` keeps an image only as long as it likes: Apple's throws entries out when memory runs"
                + " short (its documentation says so), and Linux's only past a limit, so no run here shows it   <- the"
                + " cache keeps every image it downloaded: keep them in a dictionary of the cache's own")
    ]
}

extension Runner {
    /// A passed run, failed where the attendee's files (in `folder`) use a type whose promise the task
    /// does not take (`UnkeptPromise`), or a clock where the task bounds nothing (`UnboundedClause`),
    /// with the line that uses it.
    func judgedByWhatItUses(_ outcome: RunOutcome, _ exercise: ExerciseInfo, folder: String) -> RunOutcome {
        guard outcome.passed else { return outcome }
        var lines: [String] = []
        for promise in UnkeptPromise.all where promise.exercise == exercise.number {
            let uses = attendeeTexts(exercise, folder: folder).flatMap { path, text in
                Self.codeLines(text).enumerated().filter { names(promise.name, in: $0.element) }.map {
                    "  where: \(path):\($0.offset + 1), `\($0.element.trimmingCharacters(in: .whitespaces))`"
                }
            }
            if let first = uses.first { lines += [promise.line, first] }
        }
        lines += clockLines(exercise, folder: folder)
        guard !lines.isEmpty else { return outcome }
        var judged = outcome
        judged.problems.append(.unkeptPromise(lines))
        return judged
    }
}
