import Foundation

/// What exercise 4's driver needs of the attendee's `Counter`.
public protocol Incrementing: AnyObject {
    func increment()
    var value: Int { get }
}

/// Exercise 4's driver, which is not the attendee's to edit: eight tasks call `increment()` at once
/// while a ninth reads `value` as they go, in two rounds of different sizes (a counter that returns a
/// number it did not count fails one of them); then one increment alone, read back.
public enum CounterExercise {
    public static let tasks = 8
    public static let rounds = [20_000, 3_001]

    public static func makeLesson(_ make: @escaping () -> Incrementing) -> Lesson {
        let lesson = Lesson("RaceLab exercise 4: fix the lost-update counter")
        lesson.page("Eight tasks count at once while a ninth reads") { page in
            Thread.detachNewThread {
                var allCounted = true
                for (round, perTask) in rounds.enumerated() {
                    allCounted = play(round: round + 1, perTask: perTask, counter: make()) && allCounted
                }
                note(allCounted ? "Every increment counted, every read made sense." : "Counter is not thread-safe yet.")
                page.done()
            }
        }
        return lesson
    }

    /// One round; true when everything added up. Nothing here orders the counting threads: the
    /// reader keeps its findings to itself until the group is done.
    static func play(round: Int, perTask: Int, counter: Incrementing) -> Bool {
        let expected = tasks * perTask
        note("Round \(round): \(tasks) tasks call increment() \(perTask) times each; a ninth task reads value as they go")
        let group = DispatchGroup()
        for _ in 1...tasks {
            DispatchQueue.global().async(group: group) {
                for _ in 1...perTask { counter.increment() }
            }
        }
        let findings = ReadFindings()  // the reader's alone until reading.wait() returns
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            var last = 0
            for _ in 1...200 {
                let now = counter.value
                if now < last || now > expected { findings.odd.append(now) }
                last = max(last, now)
            }
        }
        group.wait()
        reading.wait()
        let oddReads = findings.odd
        let total = counter.value
        note("value after every task finished: \(total) of \(expected)\(total == expected ? "" : "   <- \(expected - total) updates lost")")
        note(oddReads.isEmpty
            ? "Reads while counting: never backwards, never past \(expected)."
            : "Reads while counting: \(oddReads.count) went backwards or past \(expected), e.g. \(oddReads[0])   <- a read out of step")
        counter.increment()
        let after = counter.value
        note("One more increment, alone, then a read: \(after)\(after == total + 1 ? "" : "   <- expected \(total + 1)")")
        return total == expected && oddReads.isEmpty && after == total + 1
    }
}

/// The reader's findings: written by the reader only, read after waiting for it.
final class ReadFindings: @unchecked Sendable {
    var odd: [Int] = []
}
