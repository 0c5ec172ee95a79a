import Foundation
import RaceLabKit

/// One pair's sum, synchronously. `result` stays nil when the operation was cancelled before it ran.
/// @unchecked Sendable: Operation is `@unchecked Sendable` in Foundation on both platforms (corelibs
/// Operation.swift; NSOperation.h: NS_SWIFT_SENDABLE), so a subclass restates it; `result` is set in
/// `main()`, read by the completion block after it.
final class SumOperation: Operation, @unchecked Sendable {
    let lhs: Int
    let rhs: Int
    var result: Int?

    init(lhs: Int, rhs: Int) {
        self.lhs = lhs
        self.rhs = rhs
        super.init()
    }

    override func main() {
        if isCancelled { return }
        result = slowAdd(lhs, rhs)
    }
}

/// DEMOS G3: a sum per pair on a private, suspended queue two wide; every completion appends
/// (lhs, rhs, sum) through a serial append queue. `start()`, `cancel()`, `wait()`.
final class GroupAdd {
    private let queue = OperationQueue()
    private let appendQueue = DispatchQueue(label: "racelab.groupadd.append")
    private let completions = DispatchGroup()
    private var storedResults: [(Int, Int, Int)] = []

    init(_ input: [(Int, Int)]) {
        queue.isSuspended = true
        queue.maxConcurrentOperationCount = 2
        for (lhs, rhs) in input {
            let operation = SumOperation(lhs: lhs, rhs: rhs)
            completions.enter()
            operation.completionBlock = { [unowned operation, appendQueue, completions] in
                // A cancelled operation completes too, without a result.
                if let sum = operation.result {
                    appendQueue.async {
                        self.storedResults.append((lhs, rhs, sum))
                        say("appended (\(lhs), \(rhs), \(sum))")
                        completions.leave()
                    }
                } else {
                    completions.leave()
                }
            }
            queue.addOperation(operation)
        }
    }

    func start() { queue.isSuspended = false }
    func cancel() { queue.cancelAllOperations() }

    /// Waits for every operation *and* its completion block: Apple does not promise that
    /// waitUntilAllOperationsAreFinished covers completion blocks, and on Linux it does not (README),
    /// so alone it can return before the last result is appended.
    func wait() {
        queue.waitUntilAllOperationsAreFinished()
        completions.wait()
    }

    var results: [(Int, Int, Int)] { appendQueue.sync { storedResults } }
}
