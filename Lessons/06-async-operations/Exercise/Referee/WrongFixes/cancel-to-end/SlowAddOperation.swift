import Foundation
import RaceLabKit
import Lesson6Support

// Exercise 6, a wrong fix from an adversarial round: the callback stores the sum and calls cancel(),
// which finishes an AsyncOperation at once. The queue goes on, but the operation ends cancelled:
// anything that depends on it, or checks it, is told its work was called off.
// must fail: output
// verdict leads with: SlowAddOperation.swift:27 because "finish it by setting its state"

// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); `result` is set before
// `cancel()` finishes it (the fault is its output).
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
            self.cancel()
        }
    }
}
