import Foundation
import RaceLabKit
import Lesson6Support

// Exercise 6, a known wrong fix (hint 3): the callback finishes first and stores the result after.
// The driver reads `result` as soon as the operation is finished, while the callback writes it.
// must fail: race SlowAddOperation.main
// verdict leads with: SlowAddOperation.swift:25 because "reads too, must go through the same lock"

// @unchecked Sendable: a promise this wrong fix breaks on purpose: `result` is written after `.finished`.
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
            self.state = .finished
            self.result = sum
        }
    }
}
