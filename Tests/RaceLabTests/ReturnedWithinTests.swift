import XCTest

@testable import RaceLabKit

/// A driver's wait for a call that may never return.
final class ReturnedWithinTests: XCTestCase {
    func testWhatReturnedInTimeIsGiven() async {
        let answer = await returned(within: 10) { 42 }
        XCTAssertEqual(answer, 42)
    }

    func testACallStillUnderWayWhenTheTimeIsUpGivesNil() async {
        let answer = await returned(within: 0.1) { () -> Int in
            try? await Task.sleep(nanoseconds: 3_000_000_000)
            return 42
        }
        XCTAssertNil(answer, "the call was still under way")
    }
}
