import Foundation
import RaceLabKit
import Lesson6Support

// Exercise 6, a known wrong fix (from an adversarial round: it passed 2 of 3 runs before the driver
// timed the finish of two sums of different durations): the result is stored under a lock, and the
// operation finishes 2 s after it starts, "long enough for a slow add". Whatever the wait, one of the
// two timed sums finishes before its sum arrives or long after it.
// must fail: output
// verdict leads with: SlowAddOperation.swift:33 or SlowAddOperation.swift:39 because "finish as soon as the sum" or "store the sum before it says it is finished"

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
        DispatchQueue.global().asyncAfter(lessonSeconds: 2) { [self] in
            state = .finished
        }
    }
}
