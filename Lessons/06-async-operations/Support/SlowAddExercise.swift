import Foundation
import RaceLabKit

/// What exercise 6's driver needs of the attendee's `SlowAddOperation`.
public protocol SlowAdding: Operation {
    var result: Int? { get }
}

/// Exercise 6's driver, which is not the attendee's to edit. How long a slow add takes (0.6 to 1.6
/// s), the numbers, and how many sums run at once (3 to 5) come from the seed. First one sum on an
/// operation queue with `waitUntilFinished: true`, under a watchdog: it must finish, not cancelled,
/// with its sum, as soon as the sum has arrived (its slow add takes 0.5 to 1.0 s longer than the
/// others, drawn from the seed, so a fix that finishes after the time a slow add should take finishes
/// before its sum); then whether `main()` leaves the work running (the operation must be executing,
/// not finished, when `start()` returns, long before the sum can be ready), and that one too must
/// finish as soon as its sum is in (so a fixed wait, which can suit one of the two durations, fails
/// the other); then several sums at once. How soon several finish together is not timed: it depends
/// on the machine (a fix that blocks a pool thread each waits on Linux for the pool to grow, about a
/// thread a second), and the task does not ask for it.
public enum SlowAddExercise {
    public static func makeLesson(_ make: @escaping (Int, Int) -> SlowAdding) -> Lesson {
        let lesson = Lesson("RaceLab exercise 6: finish SlowAddOperation", seeded: true)
        lesson.page("One sum, then several at once") { page in
            var scenario = page.scenario
            slowAddSeconds = scenario.seconds(in: 0.6...1.6, step: 0.1)
            let number = { scenario.int(in: 1...99) }
            let (lhs, rhs) = (number(), number())
            let slower = scenario.seconds(in: 0.5...1.0, step: 0.1)
            note(
                "A slow add takes \(seconds(slowAddSeconds)) in this run; the first, \(seconds(slower)) more (a slow network)."
            )
            let queue = OperationQueue()
            let add = make(lhs, rhs)
            // When the first sum arrives: the moment its slow add returns.
            let arrived = RelaxedMoment()
            atEndOfSlowAdd(1) {
                sleep(lessonSeconds: slower)
                arrived.record()
            }
            say("adding \(lhs) + \(rhs) with waitUntilFinished: true (the watchdog allows 5 s)")
            var right = true
            if Watchdog.run(upTo: 5, "SlowAddOperation", { queue.addOperations([add], waitUntilFinished: true) }) {
                let finished = LessonClock.shared.now
                right = judge(add, lhs + rhs, "\(lhs) + \(rhs)") && right
                right = judgePromptness(finished: finished, arrived: arrived.value, "\(lhs) + \(rhs)") && right
            } else {
                right = false
                // The sum's arrival is seen at the slow add's end, never by reading `result`, which the
                // callback wrote on another thread with nothing ordering it before this read.
                FaultLine(
                    arrived.value.map {
                        "\(lhs) + \(rhs) never finished, though its sum came back from `asyncAdd` at \(seconds($0)):"
                            + " isFinished is still \(add.isFinished), and the queue would wait for it forever"
                    } ?? "\(lhs) + \(rhs) never finished, and its sum never came back from `asyncAdd`",
                    hint: "finish as soon as the sum is in: set state = .finished in asyncAdd's callback, after result"
                ).say()
            }
            clearEndOfSlowAdd()
            let (probeLeft, probeRight) = (number(), number())
            let probe = make(probeLeft, probeRight)
            // Its sum takes the run's duration, 0.5 s or more less than the first: no one fixed wait
            // finishes both soon after their sums.
            let probeArrived = RelaxedMoment()
            atEndOfSlowAdd(1) { probeArrived.record() }
            probe.start()  // on the main queue: an asynchronous main() returns at once
            let (finishedAtReturn, executingAtReturn) = (probe.isFinished, probe.isExecuting)
            right = !finishedAtReturn && executingAtReturn && right
            say(
                finishedAtReturn
                    ? "`start()` returned with \(probeLeft) + \(probeRight) already finished: `main()` did the slow work itself   <- keep it asynchronous"
                    : executingAtReturn
                        ? "start() returned before \(probeLeft) + \(probeRight) was finished: main() leaves the slow work running"
                        : "`start()` returned, and \(probeLeft) + \(probeRight) is not executing while its sum is computed   <- let AsyncOperation's start() run main()"
            )
            var waited = 0.0
            while !probe.isFinished && waited < 5 {
                sleep(lessonSeconds: 0.05)
                waited += 0.05
            }
            let probeFinished = LessonClock.shared.now
            clearEndOfSlowAdd()
            if !probe.isFinished {
                say("\(probeLeft) + \(probeRight), started by hand, is still not finished after 5.0 s")
            } else if !finishedAtReturn {
                right =
                    judgePromptness(
                        finished: probeFinished, arrived: probeArrived.value, "\(probeLeft) + \(probeRight)") && right
            }
            let pairs = (0..<scenario.int(in: 3...5)).map { _ in (number(), number()) }
            let sums = pairs.map { make($0, $1) }
            say("adding \(pairs.count) sums at once")
            if Watchdog.run(
                upTo: 5 + slowAddSeconds * Double(pairs.count), "\(pairs.count) SlowAddOperations",
                { queue.addOperations(sums, waitUntilFinished: true) })
            {
                for (sum, pair) in zip(sums, pairs) {
                    right = judge(sum, pair.0 + pair.1, "\(pair.0) + \(pair.1)") && right
                }
            } else {
                right = false
            }
            note(
                right
                    ? "Every sum finished, with its result, and main() left the slow work running."
                    : "SlowAddOperation is not right yet.")
            page.done()
        }
        return lesson
    }

    /// How late a finish may come after its sum arrived, in lesson seconds: the callback's hop back,
    /// with room for a busy machine (which, if it delays more, is told apart by a run at real speed).
    static let promptLimit = 0.4

    /// The first sum finished at `finished`; its slow add returned at `arrived` (nil: it never did), in
    /// lesson seconds. It must finish once the sum is in, and soon after.
    static func judgePromptness(finished: Double, arrived: Double?, _ text: String) -> Bool {
        guard let came = arrived else {
            say(
                "\(text) finished before its sum came back from asyncAdd   <- get the sum from asyncAdd, and finish in its callback"
            )
            return false
        }
        guard finished - came > promptLimit else { return true }
        say(
            "\(text) finished at \(seconds(finished)), \(seconds(finished - came)) after its sum arrived in `asyncAdd`'s callback   <- finish as soon as the sum is in, in asyncAdd's callback, not after a wait of your own"
        )
        TimingWasOff.say(
            "a finish came \(seconds(finished - came)) after its sum; a busy machine can delay it that much too.")
        return false
    }

    /// A finished operation: its result must be the sum, and nobody cancelled it.
    static func judge(_ operation: SlowAdding, _ sum: Int, _ text: String) -> Bool {
        let result = operation.result
        if operation.isCancelled {
            say(
                "\(text) finished cancelled (`cancel()`), though nobody cancelled it   <- finish it by setting its state, not by cancel()"
            )
            return false
        }
        guard result == sum else {
            say(
                "\(text) finished (`state = .finished`) with `result` \(result.map(String.init) ?? "nil")   <- store the sum before it says it is finished"
            )
            return false
        }
        say("finished: \(text) = \(sum)")
        return true
    }
}
