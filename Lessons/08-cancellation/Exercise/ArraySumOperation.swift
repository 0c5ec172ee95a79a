import Foundation
import RaceLab
import Lesson8Support

// Exercise 8: make ArraySumOperation respect cancellation.
//
// The driver (main.swift) runs this operation over five pairs, one second each, and cancels it in
// the middle of the second pair (then, in a second run, of the fourth). As written, the operation
// ignores the cancel and computes all five sums. Make it stop as soon as it can after a cancel:
// cancelled at 1.5 s it should return [3, 7]; at 3.5 s, [3, 7, 11, 15].
//
// Check your work:  swift run racelab exercise 8      A hint:  swift run racelab hint 8
//
// As given, this file is wrong, and the referee proves it (racelab verify):
// The starter ignores isCancelled and returns all five sums both times.
// must fail: output

final class ArraySumOperation: Operation, @unchecked Sendable {
    let inputArray: [(Int, Int)]
    var outputArray: [Int] = []

    init(input: [(Int, Int)]) {
        inputArray = input
        super.init()
    }

    override func main() {
        for (lhs, rhs) in inputArray {
            outputArray.append(slowAdd(lhs, rhs))
        }
    }
}
