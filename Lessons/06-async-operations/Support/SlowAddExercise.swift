import Foundation
import RaceLab

/// What exercise 6's driver needs of the attendee's `SlowAddOperation`.
public protocol SlowAdding: Operation {
    var result: Int? { get }
}

/// Exercise 6's driver, which is not the attendee's to edit: 42 + 24 on an operation queue with
/// `waitUntilFinished: true`, under a watchdog; then whether `main()` leaves the work running (the
/// operation must not be finished when `start()` returns, a second before the sum can be ready);
/// then three sums at once. Only the first sum is timed: how soon three sums finish together depends
/// on the machine (a fix that blocks a pool thread each waits on Linux for the pool to grow, about a
/// thread a second), and the task does not ask for it.
public enum SlowAddExercise {
    public static func makeLesson(_ make: @escaping (Int, Int) -> SlowAdding) -> Lesson {
        let lesson = Lesson("RaceLab exercise 6: finish SlowAddOperation", seeded: true)
        lesson.page("42 + 24, then three sums at once") { page in
            let queue = OperationQueue()
            let add = make(42, 24)
            say("adding 42 + 24 with waitUntilFinished: true (the watchdog allows 5 s)")
            if Watchdog.run(upTo: 5, "SlowAddOperation", { queue.addOperations([add], waitUntilFinished: true) }) {
                say("finished: 42 + 24 = \(add.result.map(String.init) ?? "nil")")
            } else {
                say("isFinished is still \(add.isFinished): the queue would wait for it forever")
            }
            let probe = make(2, 3)
            probe.start()  // on the main queue: an asynchronous main() returns at once
            let finishedAtReturn = probe.isFinished
            say(finishedAtReturn
                ? "start() returned with 2 + 3 already finished: main() did the slow work itself   <- keep it asynchronous"
                : "start() returned before 2 + 3 was finished: main() leaves the slow work running")
            var waited = 0.0
            while !probe.isFinished && waited < 5 {
                sleep(lessonSeconds: 0.05)
                waited += 0.05
            }
            if !probe.isFinished { say("2 + 3, started by hand, is still not finished after 5.0 s") }
            let sums = [(1, 5), (5, 8), (6, 1)].map { make($0, $1) }
            if Watchdog.run(upTo: 5, "three SlowAddOperations", { queue.addOperations(sums, waitUntilFinished: true) }) {
                say("finished: \(sums.map { $0.result.map(String.init) ?? "nil" }.joined(separator: ", "))")
            }
            page.done()
        }
        return lesson
    }
}
