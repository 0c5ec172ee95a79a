import Foundation
import RaceLabKit

/// The article's input: five pairs, one slow second each (sums 3, 7, 11, 15, 19).
let numberArray = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]

/// DEMOS G1: a synchronous operation that adds every pair. As first written it never looks at
/// `isCancelled` (`checksCancellation: false`), so once it runs a cancel changes nothing; the fix
/// checks before each pair and stops at the next pair boundary.
/// @unchecked Sendable: Operation is `@unchecked Sendable` in Foundation on both platforms (corelibs
/// Operation.swift; NSOperation.h: NS_SWIFT_SENDABLE), so a subclass restates it; `outputArray` is written in
/// `main()`, read after the operation finished.
final class ArraySumOperation: Operation, @unchecked Sendable {
    let inputArray: [(Int, Int)]
    let checksCancellation: Bool
    var outputArray: [Int] = []

    init(input: [(Int, Int)], checksCancellation: Bool = true) {
        inputArray = input
        self.checksCancellation = checksCancellation
        super.init()
    }

    override func main() {
        for (lhs, rhs) in inputArray {
            if checksCancellation && isCancelled { return }  // the one line that makes cancel work
            let sum = slowAdd(lhs, rhs)
            outputArray.append(sum)
            say("\(lhs) + \(rhs) = \(sum)")
        }
    }
}

/// DEMOS G2: the loop lives in a function that reports progress; the closure's answer says whether
/// to go on.
func slowAddArray(_ input: [(Int, Int)], progress: (Double) -> Bool) -> [Int] {
    var results: [Int] = []
    for (lhs, rhs) in input {
        results.append(slowAdd(lhs, rhs))
        guard progress(Double(results.count) / Double(input.count)) else { break }
    }
    return results
}

// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); `outputArray` is written
// in `main()`, read after the operation finished.
final class AnotherArraySumOperation: Operation, @unchecked Sendable {
    let inputArray: [(Int, Int)]
    var outputArray: [Int] = []

    init(input: [(Int, Int)]) {
        inputArray = input
        super.init()
    }

    override func main() {
        outputArray = slowAddArray(inputArray) { fraction in
            say("\(Int((fraction * 100).rounded()))% of the array processed")
            return !isCancelled
        }
    }
}
