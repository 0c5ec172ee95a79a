// Lesson 8 — Cancellation (DEMOS G1–G3, D3).
// Read top to bottom; ArraySum.swift and GroupAdd.swift hold the operations. Every cancel comes in
// the middle of a pair (at 1.5 s or 3.5 s, never on a whole second), so the outcome is the same on
// every run: a cancel right as a pair ends would be a coin toss.
import Foundation
import RaceLabKit

let lesson = Lesson("RaceLab lesson 8: cancellation")

/// Runs `operation` on a queue, the clock starting from 0, and cancels it at `time` lesson seconds.
func run(_ operation: Operation, cancelAt time: Double) {
    LessonClock.shared.restart()
    let queue = OperationQueue()
    onOwnThread(after: time) {
        say("cancel()")
        operation.cancel()
    }
    queue.addOperations([operation], waitUntilFinished: true)
}

lesson.page("A cancel that changes nothing") { page in
    note("ArraySumOperation adds (1,2) (3,4) (5,6) (7,8) (9,10), one second a pair. We cancel at 1.5 s,")
    note("but this version never looks at isCancelled.")
    let sum = ArraySumOperation(input: numberArray, checksCancellation: false)
    run(sum, cancelAt: 1.5)
    say("outputArray: \(sum.outputArray), isCancelled \(sum.isCancelled)")
    note("Surprise: all five sums. cancel() only sets a flag; an operation that is running has to look.")
    page.done()
}

lesson.page("Check isCancelled before each pair") { page in
    note("Now main() checks isCancelled before each pair. Cancelled at 1.5 s:")
    let early = ArraySumOperation(input: numberArray)
    run(early, cancelAt: 1.5)
    say("outputArray: \(early.outputArray)")
    note("The pair started at 1 s still finishes at 2 s: the check comes between pairs.")
    note("Again from 0 s, cancelled at 3.5 s:")
    let late = ArraySumOperation(input: numberArray)
    run(late, cancelAt: 3.5)
    say("outputArray: \(late.outputArray)")
    page.done()
}

lesson.page("Progress that can say stop") { page in
    note("AnotherArraySumOperation: slowAddArray reports progress after each pair; the closure prints it")
    note("and answers !isCancelled, so the loop stops when it is told. Cancelled at 1.5 s:")
    let early = AnotherArraySumOperation(input: numberArray)
    run(early, cancelAt: 1.5)
    say("outputArray: \(early.outputArray)")
    note("Again from 0 s, cancelled at 3.5 s:")
    let late = AnotherArraySumOperation(input: numberArray)
    run(late, cancelAt: 3.5)
    say("outputArray: \(late.outputArray)")
    page.done()
}

lesson.page("GroupAdd: a private queue, cancelled as a whole") { page in
    note("GroupAdd puts one SumOperation per pair on its own suspended queue, two at a time, and appends")
    note("(lhs, rhs, sum) through a serial queue. start(), then cancel() at 1.5 s:")
    let groupAdd = GroupAdd(numberArray)
    groupAdd.start()
    onOwnThread(after: 1.5) {
        say("cancel()")
        groupAdd.cancel()
    }
    groupAdd.wait()
    let results = groupAdd.results
    say("results, in the order appended: \(results.map { "(\($0), \($1), \($2))" }.joined(separator: " "))")
    say("sums: \(results.map { $0.2 }.sorted())")
    note("The two sums running at 1.5 s finish; the fifth, still waiting, never runs.")
    page.done()
}

/// The background work of the talk's cancel button: works `work` lesson seconds, then delivers its
/// result unless it has been cancelled by then.
/// @unchecked Sendable: Operation is `@unchecked Sendable` in Foundation on both platforms (corelibs
/// Operation.swift; NSOperation.h: NS_SWIFT_SENDABLE), so a subclass restates it; its flag is `Locked`, the
/// rest `let`.
final class DeliveringOperation: Operation, @unchecked Sendable {
    let work: Double
    let started = DispatchSemaphore(value: 0)
    private let deliveredFlag = Locked(false)
    var delivered: Bool { deliveredFlag.current }

    init(work: Double) {
        self.work = work
        super.init()
    }

    override func main() {
        started.signal()
        sleep(lessonSeconds: work)
        if isCancelled { return }  // the last check: a cancel after this line comes too late
        deliveredFlag.withLock { $0 = true }
    }
}

/// One tap of Cancel at `work` + `offset` lesson seconds after the operation started. Returns what
/// happened: "in time", "too late" or "both" (cancelled, yet delivered).
func tapCancel(work: Double, offset: Double) -> String {
    let operation = DeliveringOperation(work: work)
    let queue = OperationQueue()
    queue.addOperation(operation)
    operation.started.wait()
    sleep(lessonSeconds: work + offset)
    operation.cancel()  // the tap, arriving from the main queue
    operation.waitUntilFinished()
    switch (operation.isCancelled, operation.delivered) {
    case (true, false): return "in time"
    case (false, true): return "too late"
    case (true, true): return "both"
    default: return "neither"
    }
}

lesson.page("The cancel-button race: too late to cancel") { page in
    note("The talk: \"if in that small window of time your operation finishes executing, then your")
    note("operation will actually never be canceled\". Twenty operations each work 0.1 s and then deliver")
    note("their result unless cancelled; each gets a Cancel tap right around the moment its work ends")
    note("(0.1 s after it started, give or take 0.02 s, at random).")
    var counts: [String: Int] = [:]
    for _ in 1...20 {
        counts[tapCancel(work: 0.1, offset: 0.04 * randomFraction() - 0.02), default: 0] += 1
    }
    say("20 taps done")
    note("  cancelled in time, nothing delivered:          \(counts["in time", default: 0])")
    note("  too late: already finished, isCancelled false: \(counts["too late", default: 0])")
    note("  cancelled after the last check, yet delivered: \(counts["both", default: 0])")
    note("  neither cancelled nor delivered (a bug):       \(counts["neither", default: 0])")
    let endings = ["in time", "too late", "both"].filter { counts[$0, default: 0] > 0 }.count
    if endings > 1 {
        note("Different endings came from the same code: which one a tap gets is decided by a few milliseconds.")
    } else {
        note("This run every tap fell on the same side; run the page again, and the counts change.")
    }
    note("An operation that has finished cannot be cancelled, so a cancel button must not promise")
    note("\"nothing happened\": check what the operation delivered. ThreadSanitizer is silent: this is a")
    note("race condition, not a data race; every step here is properly synchronised.")
    page.done()
}

lesson.run()
