import Foundation
import RaceLabKit
import Lesson8Support

// Exercise 8, a known wrong fix (from an adversarial round: with a 20 ms copy it passed every run
// while the driver cancelled only mid-pair): a watcher thread copies isCancelled into a flag of its
// own every 20 ms, and the loop looks at the copy. A cancel that comes as a pair ends finds the copy
// stale, and one more pair starts.
// must fail: output
// verdict leads with: ArraySumOperation.swift:35 because "look at isCancelled itself" or "check isCancelled before each pair"

// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); its flag is `Locked`,
// `outputArray` is written in `main()`, read after the operation finished.
final class ArraySumOperation: Operation, @unchecked Sendable {
    let inputArray: [(Int, Int)]
    var outputArray: [Int] = []
    private let stopRequested = Locked(false)

    init(input: [(Int, Int)]) {
        inputArray = input
        super.init()
    }

    override func main() {
        let watching = Locked(true)
        Thread.detachNewThread { [self] in
            while watching.current {
                if isCancelled { stopRequested.withLock { $0 = true } }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        defer { watching.withLock { $0 = false } }
        for (lhs, rhs) in inputArray {
            if stopRequested.current { return }
            outputArray.append(slowAdd(lhs, rhs))
        }
    }
}
