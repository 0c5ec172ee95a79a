import Dispatch
import Foundation
import XCTest

@testable import RaceLabKit

/// Exercise 15's empty refreshes: a global job sent off the main thread, outside any task, runs at
/// once, on the sending thread, up to its first suspension; on the main thread, or with it off, not.
final class GlobalJobsAtOnceTests: XCTestCase {
    /// Whether a detached task made on a thread of its own had run its first step when `Task.detached`
    /// returned, and on which thread it ran.
    private func detachedRanAtOnce() -> (atOnce: Bool, sameThread: Bool) {
        let result = Locked<(Bool, Bool)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let sender = ObjectIdentifier(Thread.current)
            let ran = Locked<ObjectIdentifier?>(nil)
            let stepped = DispatchSemaphore(value: 0)
            Task.detached {
                ran.withLock { $0 = ObjectIdentifier(Thread.current) }
                stepped.signal()
            }
            let atOnce = ran.current != nil
            stepped.wait()
            result.withLock { $0 = (atOnce, ran.current == sender) }
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        return result.current ?? (false, false)
    }

    func testAJobSentOffTheMainThreadRunsAtOnceOnItsThread() {
        XCTAssertTrue(GlobalJobsAtOnce.run(true), "the runtime has swift_task_enqueueGlobal_hook")
        defer { GlobalJobsAtOnce.run(false) }
        let (atOnce, sameThread) = detachedRanAtOnce()
        XCTAssertTrue(atOnce, "its first step ran before Task.detached returned")
        XCTAssertTrue(sameThread)
    }

    func testOffItGoesToThePool() {
        GlobalJobsAtOnce.run(false)
        XCTAssertFalse(detachedRanAtOnce().sameThread, "a thread of the pool runs it")
    }

    /// On the main thread a job is never run at once: code there would run off the main actor's
    /// promises (a drawing on the main thread, say).
    func testNotOnTheMainThread() {
        XCTAssertTrue(Thread.isMainThread)
        XCTAssertTrue(GlobalJobsAtOnce.run(true))
        defer { GlobalJobsAtOnce.run(false) }
        let onMain = Locked<Bool?>(nil)
        let stepped = DispatchSemaphore(value: 0)
        Task.detached {
            onMain.withLock { $0 = Thread.isMainThread }
            stepped.signal()
        }
        XCTAssertEqual(stepped.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(onMain.current, false, "a thread of the pool ran it")
    }
}
