import Foundation
import RaceLabKit
import Lesson8Support

// Exercise 8, a known wrong fix: isCancelled is looked at once, before the loop; a cancel that comes
// while the loop runs changes nothing.
// must fail: output
// verdict leads with: ArraySumOperation.swift:24 because "look at isCancelled itself" or "check isCancelled before each pair"

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
        guard !isCancelled else { return }
        for (lhs, rhs) in inputArray {
            outputArray.append(slowAdd(lhs, rhs))
        }
    }
}
