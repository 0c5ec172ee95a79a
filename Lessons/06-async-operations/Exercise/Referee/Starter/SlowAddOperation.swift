import Foundation
import RaceLabKit
import Lesson6Support

// Exercise 6: finish SlowAddOperation.
//
// The driver (main.swift) adds two numbers with this operation on an OperationQueue and waits for
// it, then runs several at once (the numbers, how many, and how long a slow add takes come from the
// run's seed). As written, the operation computes the sum but never finishes: the queue waits
// forever (the driver's watchdog gives up after 5 s). Make it finish as soon as its sum has arrived,
// with its result and not cancelled, and keep it asynchronous: `main()` must still return before the
// sum is ready, and the operation is executing until then (lesson 6, page 1).
//
// Check your work:  swift run racelab exercise 6      A hint:  swift run racelab hint 6

// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); it holds once `.finished`
// follows `result`, which this starter never sets (the exercise's task).
final class SlowAddOperation: AsyncOperation, @unchecked Sendable {
    let lhs: Int
    let rhs: Int
    var result: Int?

    init(lhs: Int, rhs: Int) {
        self.lhs = lhs
        self.rhs = rhs
        super.init()
    }

    override func main() {
        asyncAdd(lhs, rhs) { sum in
            self.result = sum
        }
    }
}
