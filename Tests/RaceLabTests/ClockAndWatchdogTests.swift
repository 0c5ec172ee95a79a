import Dispatch
import XCTest

@testable import RaceLabKit

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

final class NarrationTests: XCTestCase {
    func testFixedFormatsLikePrintfWithoutFoundation() {
        XCTAssertEqual(fixed(1.006, decimals: 2), "1.01")
        XCTAssertEqual(fixed(0, decimals: 2), "0.00")
        XCTAssertEqual(fixed(12.34567, decimals: 1), "12.3")
        XCTAssertEqual(fixed(7.96, decimals: 1), "8.0")
        XCTAssertEqual(fixed(3, decimals: 0), "3")
        XCTAssertEqual(stamp(1.02), "[ 1.02s]")
        XCTAssertEqual(stamp(12.5), "[12.50s]")
        XCTAssertEqual(seconds(2.26), "2.3 s")
    }

    func testARelaxedWordKeepsEveryAdd() {
        let word = RelaxedWord()
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in word.add(1) }
        XCTAssertEqual(word.value, 1000)
    }
}

final class RandomFractionTests: XCTestCase {
    func testFractionsSpreadOverZeroToOne() {
        let draws = (0..<2000).map { _ in randomFraction() }
        XCTAssertTrue(draws.allSatisfy { (0..<1).contains($0) })
        let tenths = Set(draws.map { Int($0 * 10) })
        XCTAssertEqual(tenths.count, 10, "every tenth of the range is drawn")
        XCTAssertGreaterThan(Set(draws).count, 1990, "draws differ")
        XCTAssertEqual(draws.reduce(0, +) / 2000, 0.5, accuracy: 0.05)
    }
}
