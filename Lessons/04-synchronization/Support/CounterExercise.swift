import Foundation
import RaceLabKit

/// What exercise 4's driver needs of the attendee's `Counter`.
public protocol Incrementing: AnyObject {
    func increment()
    var value: Int { get }
}

/// Exercise 4's driver, which is not the attendee's to edit: eight threads call `increment()` at once
/// (they start together, from a gate) while a ninth reads `value` as they go, in three rounds of
/// sizes drawn from the seed (a counter that returns a number it did not count cannot know them); then one
/// increment alone, read back.
public enum CounterExercise {
    public static let tasks = 8

    public static func makeLesson(_ make: @escaping () -> Incrementing) -> Lesson {
        let lesson = Lesson("RaceLab exercise 4: fix the lost-update counter", seeded: true)
        lesson.page("Eight threads count at once while a ninth reads") { page in
            // The sizes come from the seed, drawn before any counting thread exists.
            var scenario = page.scenario
            let sizes = [12_000, 2_000, 20_000].map { $0 + scenario.int(in: 0...4_000) }
            Thread.detachNewThread {
                var allCounted = true
                for (round, perTask) in sizes.enumerated() {
                    allCounted = play(round: round + 1, perTask: perTask, counter: make()) && allCounted
                }
                note(allCounted ? "Every increment counted, every read made sense." : "Counter is not thread-safe yet.")
                page.done()
            }
        }
        return lesson
    }

    /// One round; true when everything added up. The gate makes the threads start at once; nothing
    /// after it orders them. The reader keeps its findings to itself until every thread is done.
    static func play(round: Int, perTask: Int, counter: Incrementing) -> Bool {
        let expected = tasks * perTask
        note("Round \(round): \(tasks) threads call increment() \(perTask) times each; a ninth reads value as they go")
        let findings = ReadFindings()  // the reader's alone until done.wait() returns
        let done = startTogether(tasks + 1) { thread in  // all nine at once
            if thread < tasks {
                for _ in 1...perTask { counter.increment() }
            } else {
                var last = 0
                for _ in 1...200 {
                    let now = counter.value
                    if now < last || now > expected { findings.odd.append(now) }
                    last = max(last, now)
                }
            }
        }
        done.wait()
        let oddReads = findings.odd
        let total = counter.value
        note(
            FaultLine.either(
                total == expected, "value after every thread finished: all \(expected) increments counted",
                else: FaultLine(
                    "`value` after every thread finished: \(total) of \(expected)",
                    hint: "\(expected - total) updates lost")))
        note(
            FaultLine.either(
                oddReads.isEmpty, "Reads while counting: never backwards, never past the total.",
                else: FaultLine(
                    "Reads while counting: \(oddReads.count) went backwards or past \(expected), e.g. \(oddReads[0])",
                    hint: "a read out of step")))
        counter.increment()
        let after = counter.value
        note(
            "One more increment, alone, then a read: "
                + FaultLine.either(
                    after == total + 1, "one more",
                    else: FaultLine("\(after)", hint: "expected \(total + 1)")))
        return total == expected && oddReads.isEmpty && after == total + 1
    }
}

/// The reader's findings: written by the reader only, read after waiting for it.
/// @unchecked Sendable: `odd` is written by the reader thread only, read after `done.wait()`.
final class ReadFindings: @unchecked Sendable {
    var odd: [Int] = []
}
