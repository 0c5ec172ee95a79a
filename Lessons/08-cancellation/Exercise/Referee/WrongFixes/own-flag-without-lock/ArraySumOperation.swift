import Foundation
import RaceLabKit
import Lesson8Support

// Exercise 8, a known wrong fix: a stop flag of its own, set by cancel() on the cancelling thread and
// read by the loop on the operation's thread, with nothing between them. The sums come out right;
// the flag is a data race (isCancelled is the thread-safe flag Operation already has).
// must fail: race ArraySumOperation.cancel
// verdict leads with: ArraySumOperation.swift:23 or ArraySumOperation.swift:29 because "reads too, must go through the same lock"

// @unchecked Sendable: a promise this wrong fix breaks on purpose: `stopRequested` is unguarded.
final class ArraySumOperation: Operation, @unchecked Sendable {
    let inputArray: [(Int, Int)]
    var outputArray: [Int] = []
    private var stopRequested = false

    init(input: [(Int, Int)]) {
        inputArray = input
        super.init()
    }

    override func cancel() {
        stopRequested = true
        super.cancel()
    }

    override func main() {
        for (lhs, rhs) in inputArray {
            if stopRequested { return }
            outputArray.append(slowAdd(lhs, rhs))
        }
    }
}
