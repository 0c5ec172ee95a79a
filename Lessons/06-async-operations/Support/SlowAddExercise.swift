import Foundation
import RaceLab

/// What exercise 6's driver needs of the attendee's `SlowAddOperation`.
public protocol SlowAdding: Operation {
    var result: Int? { get }
}

/// Exercise 6's driver, which is not the attendee's to edit. How long a slow add takes (0.6 to 1.6
/// s), the numbers, and how many sums run at once (3 to 5) come from the seed. First one sum on an
/// operation queue with `waitUntilFinished: true`, under a watchdog: it must finish, not cancelled,
/// with its sum; then whether `main()` leaves the work running (the operation must be executing, not
/// finished, when `start()` returns, long before the sum can be ready); then several sums at once. Only the
/// first sum is timed: how soon several finish together depends on the machine (a fix that blocks
/// a pool thread each waits on Linux for the pool to grow, about a thread a second), and the task
/// does not ask for it.
public enum SlowAddExercise {
    public static func makeLesson(_ make: @escaping (Int, Int) -> SlowAdding) -> Lesson {
        let lesson = Lesson("RaceLab exercise 6: finish SlowAddOperation", seeded: true)
        lesson.page("One sum, then several at once") { page in
            var scenario = page.scenario
            slowAddSeconds = scenario.seconds(in: 0.6...1.6, step: 0.1)
            let number = { scenario.int(in: 1...99) }
            let (lhs, rhs) = (number(), number())
            note("A slow add takes \(seconds(slowAddSeconds)) in this run.")
            let queue = OperationQueue()
            let add = make(lhs, rhs)
            say("adding \(lhs) + \(rhs) with waitUntilFinished: true (the watchdog allows 5 s)")
            var right = true
            if Watchdog.run(upTo: 5, "SlowAddOperation", { queue.addOperations([add], waitUntilFinished: true) }) {
                right = judge(add, lhs + rhs, "\(lhs) + \(rhs)") && right
            } else {
                right = false
                say("isFinished is still \(add.isFinished): the queue would wait for it forever")
            }
            let (probeLeft, probeRight) = (number(), number())
            let probe = make(probeLeft, probeRight)
            probe.start()  // on the main queue: an asynchronous main() returns at once
            let (finishedAtReturn, executingAtReturn) = (probe.isFinished, probe.isExecuting)
            right = !finishedAtReturn && executingAtReturn && right
            say(finishedAtReturn
                ? "start() returned with \(probeLeft) + \(probeRight) already finished: main() did the slow work itself   <- keep it asynchronous"
                : executingAtReturn
                    ? "start() returned before \(probeLeft) + \(probeRight) was finished: main() leaves the slow work running"
                    : "start() returned, and \(probeLeft) + \(probeRight) is not executing while its sum is computed   <- let AsyncOperation's start() run main()")
            var waited = 0.0
            while !probe.isFinished && waited < 5 {
                sleep(lessonSeconds: 0.05)
                waited += 0.05
            }
            if !probe.isFinished { say("\(probeLeft) + \(probeRight), started by hand, is still not finished after 5.0 s") }
            let pairs = (0..<scenario.int(in: 3...5)).map { _ in (number(), number()) }
            let sums = pairs.map { make($0, $1) }
            say("adding \(pairs.count) sums at once")
            if Watchdog.run(upTo: 5 + slowAddSeconds * Double(pairs.count), "\(pairs.count) SlowAddOperations", { queue.addOperations(sums, waitUntilFinished: true) }) {
                for (sum, pair) in zip(sums, pairs) { right = judge(sum, pair.0 + pair.1, "\(pair.0) + \(pair.1)") && right }
            } else {
                right = false
            }
            note(right ? "Every sum finished, with its result, and main() left the slow work running." : "SlowAddOperation is not right yet.")
            page.done()
        }
        return lesson
    }

    /// A finished operation: its result must be the sum, and nobody cancelled it.
    static func judge(_ operation: SlowAdding, _ sum: Int, _ text: String) -> Bool {
        let result = operation.result
        if operation.isCancelled {
            say("\(text) finished cancelled, though nobody cancelled it   <- finish it by setting its state, not by cancel()")
            return false
        }
        guard result == sum else {
            say("\(text) finished with result \(result.map(String.init) ?? "nil")   <- store the sum before it says it is finished")
            return false
        }
        say("finished: \(text) = \(sum)")
        return true
    }
}
