import Dispatch
import Foundation
import XCTest

@testable import RaceLabKit

/// Exercise 15's empty refreshes: a global job sent off the main thread, outside any task, runs at
/// once, up to its first suspension, while the sending thread waits; on the main thread, or with it
/// off, not; and a job that waits for the sending thread lets it go on.
final class GlobalJobsAtOnceTests: XCTestCase {
    /// Whether a detached task made on a thread of its own had run its first step when `Task.detached`
    /// returned.
    private func detachedRanAtOnce() -> Bool {
        let result = Locked<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let ran = Locked(false)
            let stepped = DispatchSemaphore(value: 0)
            Task.detached {
                // Long enough that a pool thread running it beside the sender would not be done first.
                usleep(2_000)
                ran.withLock { $0 = true }
                stepped.signal()
            }
            let atOnce = ran.current
            stepped.wait()
            result.withLock { $0 = atOnce }
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        return result.current ?? false
    }

    func testAJobSentOffTheMainThreadRunsWhileTheSenderWaits() {
        XCTAssertTrue(GlobalJobsAtOnce.run(true), "the runtime has swift_task_enqueueGlobal_hook")
        defer { GlobalJobsAtOnce.run(false) }
        XCTAssertTrue(detachedRanAtOnce(), "its first step ran before Task.detached returned")
    }

    func testOffTheSenderGoesOnAtOnce() {
        GlobalJobsAtOnce.run(false)
        XCTAssertFalse(detachedRanAtOnce(), "the sender went on while a thread of the pool ran it")
    }

    /// A job that waits for a lock the sender holds: the sender goes on after the patience, lets the
    /// lock go, and the job ends.
    func testAJobThatWaitsForTheSenderLetsItGoOn() {
        XCTAssertTrue(GlobalJobsAtOnce.run(true))
        defer { GlobalJobsAtOnce.run(false) }
        let lock = NSLock()
        let ended = DispatchSemaphore(value: 0)
        let went = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            lock.lock()
            Task.detached {
                lock.withLock {}
                ended.signal()
            }
            lock.unlock()
            went.signal()
        }
        XCTAssertEqual(went.wait(timeout: .now() + 5), .success, "the sender went on")
        XCTAssertEqual(ended.wait(timeout: .now() + 5), .success, "the job ended")
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
