import XCTest

@testable import RaceLabRunner

final class LinePatternTests: XCTestCase {
    func pattern(_ text: String, tolerance: Double = 0.3) -> LinePattern {
        try! LinePattern(text, tolerance: tolerance)
    }

    func testExactLineMatchesOnlyItself() {
        let line = pattern("Final name: Gina Gregory")
        XCTAssertTrue(line.matches("Final name: Gina Gregory"))
        XCTAssertTrue(line.matches("Final name: Gina Gregory   "), "trailing spaces do not count")
        XCTAssertFalse(line.matches("Final name: Gina Frost"))
        XCTAssertFalse(line.matches(" Final name: Gina Gregory"), "leading spaces do")
        XCTAssertFalse(line.matches("Final name: Gina Gregory!"))
    }

    func testRegexCharactersInLiteralTextAreLiteral() {
        let line = pattern("(1.0 s) [x] a+b?")
        XCTAssertTrue(line.matches("(1.0 s) [x] a+b?"))
        XCTAssertFalse(line.matches("(1x0 s) [x] a+b?"))
    }

    func testRegexPlaceholder() {
        let line = pattern("Current name: {{Charlie Cheesecake|Delia Dingle}}")
        XCTAssertTrue(line.matches("Current name: Delia Dingle"))
        XCTAssertFalse(line.matches("Current name: Delia Cheesecake"))
        XCTAssertFalse(line.matches("Current name: Delia Dingle   <- torn!"))
    }

    func testRegexEndingInABrace() {
        let line = pattern("sums: {{\\d{2}}} and {{x{1,2}}}!")
        XCTAssertTrue(line.matches("sums: 12 and xx!"))
        XCTAssertFalse(line.matches("sums: 123 and xx!"))
    }

    func testTimeWithinTolerance() {
        let line = pattern("[{{~3s}}] label appears")
        XCTAssertTrue(line.matches("[ 3.00s] label appears"))
        XCTAssertTrue(line.matches("[ 3.29s] label appears"))
        XCTAssertTrue(line.matches("[ 2.71s] label appears"))
        XCTAssertFalse(line.matches("[ 3.31s] label appears"))
        XCTAssertFalse(line.matches("[ 6.00s] label appears"))
        XCTAssertFalse(line.matches("[ 3.00 ] label appears"))
    }

    func testExplicitToleranceAndRange() {
        XCTAssertTrue(pattern("{{~1.5s±0.5}}").matches("1.9s"))
        XCTAssertFalse(pattern("{{~1.5s±0.5}}").matches("2.1s"))
        XCTAssertTrue(pattern("{{~1.5s+-0.5}}").matches("1.1s"))
        XCTAssertTrue(pattern("took {{4s..6s}}").matches("took 5.2s"))
        XCTAssertFalse(pattern("took {{4s..6s}}").matches("took 6.2s"))
        XCTAssertTrue(pattern("[{{time}}] x").matches("[12.34s] x"))
        XCTAssertTrue(pattern("in {{1s..2s}}").matches("in 1.6 s"), "prose writes a space before the unit")
        XCTAssertFalse(pattern("in {{1s..2s}}").matches("in 1.6  s"))
        XCTAssertFalse(pattern("[{{time}}] x").matches("[soon] x"))
    }

    func testCaptureGroupsInRegexesDoNotShiftTimeChecks() {
        let line = pattern("{{(a)(b)}} at {{~2s}}")
        XCTAssertTrue(line.matches("ab at 2.1s"))
        XCTAssertFalse(line.matches("ab at 9.1s"))
    }

    func testBadPlaceholdersAreReported() {
        XCTAssertThrowsError(try LinePattern("{{unclosed", tolerance: 0.3))
        XCTAssertThrowsError(try LinePattern("{{[a-}}", tolerance: 0.3))
        XCTAssertThrowsError(try LinePattern("{{~soon}}", tolerance: 0.3))
        XCTAssertThrowsError(try LinePattern("{{6s..4s}}", tolerance: 0.3))
    }
}
