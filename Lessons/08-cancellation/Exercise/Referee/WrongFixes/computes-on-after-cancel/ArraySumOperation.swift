import Foundation
import RaceLabKit
import Lesson8Support

// Exercise 8, a known wrong fix: notes where the cancel came and returns only the sums up to there,
// so the output is right; but it goes on computing every other pair, unseen. Cancelling must stop
// the work. The driver counts the slowAdd calls, so this fails whatever the timing.
// must fail: output
// verdict leads with: ArraySumOperation.swift:26 because "after a cancel, stop the work"

// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); `outputArray` is written
// in `main()`, read after the operation finished.
final class ArraySumOperation: Operation, @unchecked Sendable {
    let inputArray: [(Int, Int)]
    var outputArray: [Int] = []

    init(input: [(Int, Int)]) {
        inputArray = input
        super.init()
    }

    override func main() {
        var sums: [Int] = []
        var keep: Int?
        for (lhs, rhs) in inputArray {
            sums.append(slowAdd(lhs, rhs))
            if keep == nil && isCancelled { keep = sums.count }
        }
        outputArray = Array(sums.prefix(keep ?? sums.count))
    }
}
