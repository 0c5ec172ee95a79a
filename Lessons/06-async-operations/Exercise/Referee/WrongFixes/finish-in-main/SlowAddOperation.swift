import Foundation
import RaceLabKit
import Lesson6Support

// Exercise 6, a known wrong fix: main() says finished as soon as it has started the work, so the
// queue moves on before there is a sum.
// must fail: output
// verdict leads with: SlowAddOperation.swift:25 or SlowAddOperation.swift:27 because "store the sum before it says" or "reads too, must go through the same lock"

// @unchecked Sendable: a promise this wrong fix breaks on purpose: finished before the callback writes
// `result`.
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
        state = .finished
    }
}
