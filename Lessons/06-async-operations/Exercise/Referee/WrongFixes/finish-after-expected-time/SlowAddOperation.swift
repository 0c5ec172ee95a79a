import Foundation
import RaceLabKit
import Lesson6Support

// Exercise 6, a known wrong fix (from an adversarial round: it passed every run before a sum could
// take longer than slowAddSeconds): the result is stored under a lock, but the operation finishes on
// a timer, when a slow add "should" be done (slowAddSeconds, and 10% to spare), not when its sum has
// arrived. A slow network makes it finish before its sum.
// must fail: output
// verdict leads with: SlowAddOperation.swift:39 because "store the sum before it says it is finished"

// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); `sum` is under `lock`
// (the fault is its timing).
final class SlowAddOperation: AsyncOperation, @unchecked Sendable {
    let lhs: Int
    let rhs: Int
    private let lock = NSLock()
    private var sum: Int?

    var result: Int? {
        lock.lock()
        defer { lock.unlock() }
        return sum
    }

    init(lhs: Int, rhs: Int) {
        self.lhs = lhs
        self.rhs = rhs
        super.init()
    }

    override func main() {
        asyncAdd(lhs, rhs) { [self] sum in
            lock.lock()
            self.sum = sum
            lock.unlock()
        }
        DispatchQueue.global().asyncAfter(lessonSeconds: slowAddSeconds * 1.1) { [self] in
            state = .finished
        }
    }
}
