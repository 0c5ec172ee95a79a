import Foundation
import RaceLabKit
import Lesson6Support

// Exercise 6, a known wrong fix (hint 4 warns of it): main() waits on a semaphore for the sum, then
// finishes. Every sum is right, but the operation is no longer asynchronous: it holds a thread for
// the whole second, and it is already finished when start() returns.
// must fail: output
// verdict leads with: SlowAddOperation.swift:24 because "keep it asynchronous"

// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); the semaphore orders
// `result` before `.finished`.
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
        let ready = DispatchSemaphore(value: 0)
        asyncAdd(lhs, rhs) { sum in
            self.result = sum
            ready.signal()
        }
        ready.wait()
        state = .finished
    }
}
