import Foundation
import RaceLabKit
import Lesson6Support

// Exercise 6, a known wrong fix: main() computes the sum itself with the synchronous slowAdd, then
// finishes. The sums are right, but main() no longer returns before the work is done: the operation
// is already finished when start() returns.
// must fail: output
// verdict leads with: SlowAddOperation.swift:24 because "keep it asynchronous"

// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); `result` is set in
// `main()` before `.finished`.
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
        result = slowAdd(lhs, rhs)
        state = .finished
    }
}
