import Dispatch
import XCTest

@testable import RaceLab

final class ClockAndWatchdogTests: XCTestCase {
    func testStampIsLessonSecondsWithTwoDecimals() {
        XCTAssertEqual(stamp(1.016), "[ 1.02s]")
        XCTAssertEqual(stamp(11), "[11.00s]")
    }

    func testSpeedShortensRealTimeButNotLessonTime() {
        let clock = LessonClock()
        clock.setSpeed(10)
        XCTAssertEqual(clock.realSeconds(2), 0.2, accuracy: 1e-9)
        clock.restart()
        Thread.sleep(forTimeInterval: 0.1)
        // 0.1 real seconds at 10x are 1 lesson second (give or take scheduling).
        XCTAssertEqual(clock.now, 1.0, accuracy: 0.5)
    }

    func testWatchdogReportsWorkThatNeverFinishes() {
        let stuck = DispatchGroup()
        stuck.enter()  // never left: the forgotten `leave()` or `state = .finished`
        XCTAssertFalse(Watchdog.wait(for: stuck, upTo: 0.05, "the stuck task"))
        stuck.leave()
    }

    func testWatchdogLetsFinishedWorkThrough() {
        XCTAssertTrue(Watchdog.run(upTo: 5, "quick work") {})
    }

    func testLockedSerialisesConcurrentUpdates() {
        let total = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in total.withLock { $0 += 1 } }
        XCTAssertEqual(total.current, 1000)
    }
}
