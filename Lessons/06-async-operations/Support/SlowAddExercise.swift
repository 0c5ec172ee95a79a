import Foundation
import RaceLab

/// What exercise 6's driver needs of the attendee's `SlowAddOperation`.
public protocol SlowAdding: Operation {
    var result: Int? { get }
}

/// Exercise 6's driver, which is not the attendee's to edit: 42 + 24 on an operation queue with
/// `waitUntilFinished: true`, under a watchdog, then three sums at once.
public enum SlowAddExercise {
    public static func makeLesson(_ make: @escaping (Int, Int) -> SlowAdding) -> Lesson {
        let lesson = Lesson("RaceLab exercise 6: finish SlowAddOperation")
        lesson.page("42 + 24, then three sums at once") { page in
            let queue = OperationQueue()
            let add = make(42, 24)
            say("adding 42 + 24 with waitUntilFinished: true (the watchdog allows 5 s)")
            if Watchdog.run(upTo: 5, "SlowAddOperation", { queue.addOperations([add], waitUntilFinished: true) }) {
                say("finished: 42 + 24 = \(add.result.map(String.init) ?? "nil")")
            } else {
                say("isFinished is still \(add.isFinished): the queue would wait for it forever")
            }
            let sums = [(1, 5), (5, 8), (6, 1)].map { make($0, $1) }
            if Watchdog.run(upTo: 5, "three SlowAddOperations", { queue.addOperations(sums, waitUntilFinished: true) }) {
                say("finished: \(sums.map { $0.result.map(String.init) ?? "nil" }.joined(separator: ", "))")
            }
            page.done()
        }
        return lesson
    }
}
