import Foundation
import RaceLab

/// What exercise 8's driver needs of the attendee's `ArraySumOperation`.
public protocol ArraySumming: Operation {
    var outputArray: [Int] { get }
}

/// Exercise 8's driver, which is not the attendee's to edit. Three runs of the operation, in an order
/// drawn from the run's seed: one never cancelled (every sum, so a loop that stops after a fixed
/// count fails), and two cancelled in the middle of a pair, at moments drawn from the seed, one in an
/// odd pair and one in an even one (so a loop that stops at a fixed time, after a fixed count, or
/// looks at the flag only every other pair, fails). The pairs, 4 to 6 of them, are drawn
/// too. A cancelled run must give the sums of the pairs started before the cancel, and start no
/// other sum: the driver counts the `slowAdd` calls, so work that goes on unseen is caught where it
/// happens, not by the clock.
public enum ArraySumExercise {
    public static func makeLesson(_ make: @escaping ([(Int, Int)]) -> ArraySumming) -> Lesson {
        let lesson = Lesson("RaceLab exercise 8: make ArraySumOperation respect cancellation", seeded: true)
        lesson.page("Three runs: cancelled mid-pair twice, and not at all") { page in
            var scenario = page.scenario
            var right = true
            let count = scenario.int(in: 4...6)
            let pairs = (0..<count).map { _ in (scenario.int(in: 1...50), scenario.int(in: 1...50)) }
            // Cancel moments: in the middle of pair k (0.3 to 0.7 s into it), one k even and one odd,
            // so that a loop that looks at isCancelled only every other pair fails on every seed.
            let pairsBeforeLast = Array(0..<(count - 1))
            let cancelled = [pairsBeforeLast.filter { $0 % 2 == 0 }, pairsBeforeLast.filter { $0 % 2 == 1 }].map {
                Double(scenario.pick($0)) + scenario.seconds(in: 0.3...0.7)
            }
            for cancelAt in scenario.shuffled([Double?.none] + cancelled.map(Optional.some)) {
                right = sumRun(make(pairs), pairs, cancelAt: cancelAt) && right
            }
            note(right ? "Each run stopped at the pair boundary after its cancel, and the one not cancelled summed every pair." : "ArraySumOperation does not respect cancellation yet.")
            page.done()
        }
        return lesson
    }

    static func sumRun(_ sum: ArraySumming, _ pairs: [(Int, Int)], cancelAt: Double?) -> Bool {
        let queue = OperationQueue()
        let list = pairs.map { "(\($0), \($1))" }.joined(separator: ", ")
        note("\(pairs.count) pairs, one second each, the clock from 0: \(list); " + (cancelAt.map { "cancel() at \(seconds($0))." } ?? "no cancel."))
        LessonClock.shared.restart()
        let callsBefore = slowAddCalls
        if let cancelAt { onOwnThread(after: cancelAt) { sum.cancel() } }
        queue.addOperations([sum], waitUntilFinished: true)
        // The pairs started before the cancel: the one under way finishes, as slowAdd cannot stop.
        let started = cancelAt.map { Int($0) + 1 } ?? pairs.count
        let expected = pairs.prefix(started).map { $0 + $1 }
        say("outputArray: \(sum.outputArray)")
        if sum.outputArray != expected {
            note("  expected \(expected): the sums of the \(started) pair\(started == 1 ? "" : "s") started before "
                + (cancelAt == nil ? "the end (nothing cancelled it)." : "the cancel (the one under way still finishes)."))
            return false
        }
        // Counted where the work happens: a sum computed and then left out was not stopped.
        let calls = slowAddCalls - callsBefore
        if calls != started {
            note("  the right sums, but slowAdd was called \(calls) times for \(started): after a cancel, stop the work;")
            note("  do not go on with it and only leave out its results.")
            return false
        }
        note("  right: \(started) sum\(started == 1 ? "" : "s") started, and the operation stopped there")
        return true
    }
}
