import Foundation
import RaceLab

/// What exercise 8's driver needs of the attendee's `ArraySumOperation`.
public protocol ArraySumming: Operation {
    var outputArray: [Int] { get }
}

/// Exercise 8's driver, which is not the attendee's to edit: the article's five pairs, cancelled in
/// the middle of the second pair and then of the fourth.
public enum ArraySumExercise {
    public static let pairs = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]

    public static func makeLesson(_ make: @escaping ([(Int, Int)]) -> ArraySumming) -> Lesson {
        let lesson = Lesson("RaceLab exercise 8: make ArraySumOperation respect cancellation", seeded: true)
        lesson.page("Cancelled at 1.5 s, then at 3.5 s") { page in
            for cancelAt in [1.5, 3.5] {
                let sum = make(pairs)
                let queue = OperationQueue()
                note("Five pairs, one second each, the clock from 0; cancel() at \(seconds(cancelAt)).")
                LessonClock.shared.restart()
                onOwnThread(after: cancelAt) { sum.cancel() }
                queue.addOperations([sum], waitUntilFinished: true)
                say("outputArray: \(sum.outputArray)")
            }
            page.done()
        }
        return lesson
    }
}
