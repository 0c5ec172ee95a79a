import Foundation
import XCTest

@testable import RaceLabKit

/// RaceLab's AsyncOperation, which every operation lesson builds on. Under `scripts/test` these run
/// with ThreadSanitizer, which would report any race on its state.
final class AsyncOperationTests: XCTestCase {
    /// Finishes when `finish()` is called, from whatever thread.
    /// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); only a `let`
    /// semaphore.
    final class Manual: AsyncOperation, @unchecked Sendable {
        let started = DispatchSemaphore(value: 0)
        override func main() { started.signal() }
        func finish() { state = .finished }
    }

    /// Its work calls back before main() returns: the case the canonical start() gets wrong (it
    /// sets .executing after main(), over .finished, and the operation never ends).
    /// @unchecked Sendable: restates Operation's promise (Foundation's, both platforms); no state of its own.
    final class Instant: AsyncOperation, @unchecked Sendable {
        override func main() { state = .finished }
    }

    func testRunsThroughItsStatesOnAQueue() {
        let operation = Manual()
        XCTAssertTrue(operation.isReady)
        XCTAssertTrue(operation.isAsynchronous)
        let queue = OperationQueue()
        queue.addOperation(operation)
        XCTAssertEqual(operation.started.wait(timeout: .now() + 5), .success)
        XCTAssertTrue(operation.isExecuting)
        XCTAssertFalse(operation.isFinished)
        DispatchQueue.global().async { operation.finish() }
        operation.waitUntilFinished()
        XCTAssertTrue(operation.isFinished)
        XCTAssertFalse(operation.isExecuting)
    }

    func testACallbackBeforeMainReturnsIsNotOverwritten() {
        let queue = OperationQueue()
        let operations = (0..<20).map { _ in Instant() }
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { queue.addOperations(operations, waitUntilFinished: true) }
        XCTAssertEqual(group.wait(timeout: .now() + 10), .success, "an operation was left executing")
        XCTAssertTrue(operations.allSatisfy(\.isFinished))
    }

    func testAFinishedOperationStaysFinished() {
        let operation = Manual()
        operation.state = .finished
        operation.state = .executing
        XCTAssertEqual(operation.state, .finished)
    }

    func testCancelledBeforeStartFinishesWithoutRunning() {
        let operation = Manual()
        operation.cancel()
        XCTAssertFalse(operation.isFinished, "it finishes when its queue starts it, not before")
        OperationQueue().addOperations([operation], waitUntilFinished: true)
        XCTAssertTrue(operation.isFinished)
        XCTAssertEqual(operation.started.wait(timeout: .now()), .timedOut, "main() never ran")
    }

    func testCancelledWhileExecutingFinishes() {
        let operation = Manual()
        OperationQueue().addOperation(operation)
        XCTAssertEqual(operation.started.wait(timeout: .now() + 5), .success)
        operation.cancel()
        operation.waitUntilFinished()
        XCTAssertTrue(operation.isCancelled)
        XCTAssertTrue(operation.isFinished)
    }
}
