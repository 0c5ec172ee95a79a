import XCTest

@testable import RaceLabKit

final class TimelineTests: XCTestCase {
    func testChartDrawsOneBarPerOperationOnASharedAxis() {
        let timeline = Timeline()
        timeline.append(.init(name: "York", start: 2.01, end: 4.0, thread: 2))
        timeline.append(.init(name: "Richard", start: 0, end: 2, thread: 1))
        timeline.append(.init(name: "concatenation", start: 1.98, end: 4.02, thread: 1))
        XCTAssertEqual(
            timeline.chart(),
            [
                "operation       start     end  thread  0s  2s  4s  ",
                "Richard         0.00s   2.00s  T1      ####",
                "York            2.01s   4.00s  T2          ####",
                "concatenation   1.98s   4.02s  T1          ####",
            ])
    }

    func testThreadsAreNumberedInOrderOfFirstUse() {
        let timeline = Timeline()
        let here = timeline.threadNumber()
        XCTAssertEqual(here, 1)
        XCTAssertEqual(timeline.threadNumber(), 1)
        let other = Locked(0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            other.withLock { $0 = timeline.threadNumber() }
            done.signal()
        }
        done.wait()
        XCTAssertEqual(other.current, 2)
    }
}
