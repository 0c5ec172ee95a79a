import Foundation
import RaceLabKit
import Lesson8Support

// Exercise 8, a solution: look at isCancelled before each pair. A pair that has started still
// finishes (slowAdd cannot be interrupted), so a cancel at 1.5 s stops after the second pair.

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
        for (lhs, rhs) in inputArray {
            if isCancelled { return }
            outputArray.append(slowAdd(lhs, rhs))
        }
    }
}
