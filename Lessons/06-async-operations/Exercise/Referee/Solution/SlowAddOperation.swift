import Foundation
import RaceLabKit
import Lesson6Support

// Exercise 6, a solution: the callback stores the result, then sets `state = .finished`. Setting the
// result first matters: whoever waits on the operation reads `result` as soon as it is finished.

// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); `result` is set before
// `.finished`, which AsyncOperation's lock publishes.
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
            self.state = .finished  // tell the queue: only now is the operation done
        }
    }
}
