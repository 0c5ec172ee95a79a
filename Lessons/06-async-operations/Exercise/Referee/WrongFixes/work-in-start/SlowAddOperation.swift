import Foundation
import RaceLabKit
import Lesson6Support

// Exercise 6, a wrong fix from an adversarial round: start() is overridden to do the work, so
// AsyncOperation's start() never runs: the operation goes from ready to finished without ever
// executing (lesson 6, page 1), and a cancel before it starts is ignored.
// must fail: output
// verdict leads with: SlowAddOperation.swift:25 because "let AsyncOperation's start() run main()"

// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); `result` is set before
// `.finished`.
final class SlowAddOperation: AsyncOperation, @unchecked Sendable {
    let lhs: Int
    let rhs: Int
    var result: Int?

    init(lhs: Int, rhs: Int) {
        self.lhs = lhs
        self.rhs = rhs
        super.init()
    }

    // An asynchronous operation does its work from start(): it returns at once, the callback finishes.
    override func start() {
        asyncAdd(lhs, rhs) { sum in
            self.result = sum
            self.state = .finished
        }
    }
}
