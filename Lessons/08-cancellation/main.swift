// Lesson 8 — Cancellation (DEMOS G1–G3, D3).
// Read top to bottom; ArraySum.swift and GroupAdd.swift hold the operations. Every cancel comes in
// the middle of a pair (at 1.5 s or 3.5 s, never on a whole second), so the outcome is the same on
// every run: a cancel right as a pair ends would be a coin toss.
import Foundation
import RaceLab

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

lesson.page("The cancel-button race: too late to cancel") { page in
    note("A user taps Cancel just after the work finished. An operation that has finished cannot be")
    note("cancelled: the tap changes nothing, and the result was already delivered.")
    let sum = SumOperation(lhs: 1, rhs: 2)
    sum.completionBlock = { say("delivered: 1 + 2 = 3") }
    let queue = OperationQueue()
    queue.addOperation(sum)
    sum.waitUntilFinished()
    sleep(lessonSeconds: 0.5)
    say("the user taps Cancel: cancel()")
    sum.cancel()
    say("isFinished \(sum.isFinished), isCancelled \(sum.isCancelled), result \(sum.result.map(String.init) ?? "nil")")
    note("So a cancel button must not promise \"nothing happened\": check what the operation delivered.")
    page.done()
}

lesson.run()
