import Foundation
import XCTest

@testable import RaceLabKit

/// The WWDC 2015 toolkit of lesson 10 and exercise 10 (Sources/RaceLabKit/Demos/Toolkit). Under
/// `scripts/test` these run with ThreadSanitizer, which would report any race in it.
final class ToolkitTests: XCTestCase {
    /// Finishes when told to; records what its observers heard.
    /// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); only a `let`
    /// semaphore.
    final class Held: ToolkitOperation, @unchecked Sendable {
        let started = DispatchSemaphore(value: 0)
        override func execute() { started.signal() }
    }

    struct Fails: OperationCondition {
        func evaluate(for operation: ToolkitOperation, completion: @escaping @Sendable (Error?) -> Void) {
            DispatchQueue.global().async { completion(ConditionFailed("no")) }
        }
    }

    struct Makes: OperationCondition {
        let made: Operation
        func dependency(for operation: ToolkitOperation) -> Operation? { made }
    }

    enum Kind {}

    private func wait(_ operations: [Operation], seconds: Double = 10) -> Bool {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { for operation in operations { operation.waitUntilFinished() } }
        return group.wait(timeout: .now() + seconds) == .success
    }

    func testAFailedConditionCancelsWithItsErrorAndTheWorkNeverStarts() {
        let operation = Held("guarded")
        operation.addCondition(Fails())
        let heard = Locked<[String]>([])
        operation.addObserver(
            BlockObserver(
                start: { _ in heard.withLock { $0.append("start") } },
                finish: { _, errors in
                    heard.withLock { $0.append("finish: \(errors.map { "\($0)" })") }
                }))
        ToolkitQueue(exclusivity: ExclusivityController()).addOperation(operation)
        XCTAssertTrue(wait([operation]))
        XCTAssertTrue(operation.isCancelled)
        XCTAssertFalse(operation.didStart)
        XCTAssertEqual(heard.current, ["finish: [\"no\"]"])
        XCTAssertEqual(operation.conditionEvaluations, 1)
    }

    func testAConditionsDependencyRunsFirstAndIsAddedToTheQueue() {
        let made = BlockOperation {}
        let operation = ToolkitOperation("after")
        operation.addCondition(Makes(made: made))
        ToolkitQueue(exclusivity: ExclusivityController()).addOperation(operation)
        XCTAssertTrue(wait([operation]))
        XCTAssertTrue(made.isFinished, "the made dependency must run, on the operation's queue")
    }

    func testMutuallyExclusiveOperationsRunOneAtATimeAcrossQueues() {
        let exclusivity = ExclusivityController()
        let queues = [ToolkitQueue(exclusivity: exclusivity), ToolkitQueue(exclusivity: exclusivity)]
        let first = Held("first")
        let second = ToolkitOperation("second")
        for operation in [first, second] { operation.addCondition(MutuallyExclusive<Kind>()) }
        queues[0].addOperation(first)
        queues[1].addOperation(second)
        XCTAssertEqual(first.started.wait(timeout: .now() + 5), .success)
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertFalse(second.isFinished, "the second ran while the first was running")
        first.finish()
        XCTAssertTrue(wait([second]))
    }

    func testTheControllerForgetsOnlyTheLastOfACategory() {
        let controller = ExclusivityController()
        let (x, y, z) = (BlockOperation(), BlockOperation(), BlockOperation())
        controller.added(x, categories: ["alert"])
        controller.added(y, categories: ["alert"])
        controller.finished(x, categories: ["alert"])
        controller.added(z, categories: ["alert"])
        XCTAssertTrue(z.dependencies.contains(y), "z must wait for y, the last alert still around")
        XCTAssertFalse(z.dependencies.contains(x))
    }

    func testATimeoutCancelsARunningOperationWithAnError() {
        let operation = Held("slow")
        operation.addObserver(TimeoutObserver(seconds: 0.1))
        ToolkitQueue(exclusivity: ExclusivityController()).addOperation(operation)
        XCTAssertTrue(wait([operation]))
        XCTAssertTrue(operation.isCancelled)
        XCTAssertEqual(operation.errors.map { "\($0)" }, ["timed out after 0.1 s"])
    }

    func testAGroupFinishesAfterEveryOperationItGainedWhileRunning() {
        let order = Locked<[String]>([])
        let group = GroupOperation("group")
        let first = BlockOperation {
            order.withLock { $0.append("first") }
            group.addOperation(BlockOperation { order.withLock { $0.append("added later") } })
        }
        group.addOperation(first)
        group.addObserver(BlockObserver(finish: { _, _ in order.withLock { $0.append("group") } }))
        ToolkitQueue(exclusivity: ExclusivityController()).addOperation(group)
        XCTAssertTrue(wait([group]))
        XCTAssertEqual(order.current, ["first", "added later", "group"])
    }

    func testProducedOperationsGoOnTheProducersQueue() {
        let produced = BlockOperation {}
        let producer = ToolkitOperation("producer")
        producer.addObserver(BlockObserver(start: { $0.produce(produced) }))
        ToolkitQueue(exclusivity: ExclusivityController()).addOperation(producer)
        XCTAssertTrue(wait([producer, produced]))
    }
}
