import Foundation
import RaceLabKit

/// What exercise 8's driver needs of the attendee's `ArraySumOperation`.
public protocol ArraySumming: Operation {
    var outputArray: [Int] { get }
}

/// Exercise 8's driver, which is not the attendee's to edit. Four runs of the operation, in an order
/// drawn from the run's seed: one never cancelled (every sum, so a loop that stops after a fixed
/// count fails), two cancelled in the middle of a pair, at moments drawn from the seed, one in an
/// odd pair and one in an even one (so a loop that stops at a fixed time, after a fixed count, or
/// looks at the flag only every other pair, fails), and one cancelled at the very end of a pair drawn
/// from the seed, in the operation's own thread, as that pair's slowAdd returns: the next look at
/// `isCancelled` sees it, while a copy of the flag refreshed every so often is still stale (an
/// adversarial round's 20 ms copy passed every mid-pair run). The pairs, 4 to 6 of them, are drawn
/// too. A cancelled run must give the sums of the pairs started before the cancel, and start no
/// other sum: the driver counts the `slowAdd` calls, so work that goes on unseen is caught where it
/// happens, not by the clock.
public enum ArraySumExercise {
    public static func makeLesson(_ make: @escaping ([(Int, Int)]) -> ArraySumming) -> Lesson {
        let lesson = Lesson("RaceLab exercise 8: make ArraySumOperation respect cancellation", seeded: true)
        lesson.page("Four runs: cancelled mid-pair twice, as a pair ends, and not at all") { page in
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
            let endOfPair = Cancel.asPairEnds(scenario.pick(pairsBeforeLast))
            for cancel in scenario.shuffled([Cancel.never, endOfPair] + cancelled.map(Cancel.at)) {
                right = sumRun(make(pairs), pairs, cancel) && right
            }
            note(
                right
                    ? "Each run stopped at the pair boundary after its cancel, and the one not cancelled summed every pair."
                    : "ArraySumOperation does not respect cancellation yet.")
            page.done()
        }
        return lesson
    }

    /// When a run is cancelled: never, at a moment (lesson seconds from its start, mid-pair), or in the
    /// operation's own thread as pair `index` (from 0) ends, its sum computed.
    enum Cancel {
        case never
        case at(Double)
        case asPairEnds(Int)
    }

    static func sumRun(_ sum: ArraySumming, _ pairs: [(Int, Int)], _ cancel: Cancel) -> Bool {
        let queue = OperationQueue()
        let list = pairs.map { "(\($0), \($1))" }.joined(separator: ", ")
        // The pairs started before the cancel: the one under way finishes, as slowAdd cannot stop.
        let started: Int
        switch cancel {
        case .never:
            note("\(pairs.count) pairs, one second each, the clock from 0: \(list); no cancel.")
            started = pairs.count
        case .at(let moment):
            note("\(pairs.count) pairs, one second each, the clock from 0: \(list); cancel() at \(seconds(moment)).")
            started = Int(moment) + 1
            onOwnThread(after: moment) { sum.cancel() }
        case .asPairEnds(let index):
            note(
                "\(pairs.count) pairs, one second each, the clock from 0: \(list); cancel() as pair \(index + 1) ends, in its thread."
            )
            started = index + 1
            atEndOfSlowAdd(index + 1) { sum.cancel() }
        }
        LessonClock.shared.restart()
        let callsBefore = slowAddCalls
        queue.addOperations([sum], waitUntilFinished: true)
        clearEndOfSlowAdd()
        let expected = pairs.prefix(started).map { $0 + $1 }
        say("outputArray: \(sum.outputArray)")
        if sum.outputArray != expected {
            let stale = if case .asPairEnds = cancel, sum.outputArray.count > started { true } else { false }
            let until =
                if case .never = cancel { "the end (nothing cancelled it)" } else {
                    "the cancel (the one under way still finishes)"
                }
            let seen =
                "  `outputArray` \(sum.outputArray), expected \(expected): the sums of the \(started)"
                + " pair\(started == 1 ? "" : "s") started before \(until)"
            if stale {
                FaultLine(
                    seen + "; the cancel came as pair \(started) ended, before the next began",
                    hint: "look at isCancelled itself before each pair, not at a copy of it made earlier"
                ).note()
            } else {
                FaultLine(seen, hint: "check isCancelled before each pair, and stop there").note()
            }
            return false
        }
        // Counted where the work happens: a sum computed and then left out was not stopped.
        let calls = slowAddCalls - callsBefore
        if calls != started {
            FaultLine(
                "  the right sums, but `slowAdd` was called \(calls) times for \(started)",
                hint: "after a cancel, stop the work: do not go on with it and only leave out its results"
            ).note()
            return false
        }
        note("  right: \(started) sum\(started == 1 ? "" : "s") started, and the operation stopped there")
        return true
    }
}
