import Foundation
import RaceLabKit
import Lesson8Support

// Exercise 8: make ArraySumOperation respect cancellation.
//
// The driver (main.swift) runs this operation four times over a few pairs, one second each: twice
// cancelled in the middle of a pair, once as a pair ends, once not at all. The pairs and the cancel
// moments vary from run to run (the verdict names the run's seed). As written, the operation ignores the cancel and
// computes every sum. Make it stop as soon as it can after a cancel: over the article's five pairs,
// cancelled at 1.5 s it should return [3, 7] and end at 2 s; at 3.5 s, [3, 7, 11, 15] at 4 s.
//
// Check your work:  swift run racelab exercise 8      A hint:  swift run racelab hint 8

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
            outputArray.append(slowAdd(lhs, rhs))
        }
    }
}
