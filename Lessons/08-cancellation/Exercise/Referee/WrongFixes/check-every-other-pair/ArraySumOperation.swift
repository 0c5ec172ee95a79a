import Foundation
import RaceLabKit
import Lesson8Support

// Exercise 8, a known wrong fix (from an adversarial round, written without the driver): it looks at
// isCancelled only before every second pair. A cancel in the middle of an even pair still starts the
// pair after it. The driver cancels once in an odd pair and once in an even one, so it fails every run.
// must fail: output
// verdict leads with: ArraySumOperation.swift:27 because "look at isCancelled itself" or "check isCancelled before each pair"

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
        var index = 0
        while index < inputArray.count {
            if isCancelled { return }
            for (lhs, rhs) in inputArray[index..<min(index + 2, inputArray.count)] {
                outputArray.append(slowAdd(lhs, rhs))
            }
            index += 2
        }
    }
}
