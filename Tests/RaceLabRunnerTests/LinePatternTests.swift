import XCTest

@testable import RaceLabRunner

final class LinePatternTests: XCTestCase {
    func pattern(_ text: String, tolerance: Double = 0.3) -> LinePattern {
        try! LinePattern(text, tolerance: tolerance)
    }

    /// An attendee never sees the transcript: its placeholders are said in words.
    func testAPatternReadsWithoutTranscriptSyntax() {
        XCTAssertEqual(LinePattern.readable("[{{~0.75s}}] invalidate()"), "[about 0.75s] invalidate()")
        XCTAssertEqual(LinePattern.readable("[{{~0.2s±0.5}}] go"), "[about 0.20s] go")
        XCTAssertEqual(LinePattern.readable("[{{6.2s..7s}}] row 4"), "[6.20s–7.00s] row 4")
        XCTAssertEqual(
            LinePattern.readable("[{{time}}] Current name: {{Charlie Cheesecake|Delia Dingle|Eva Evershed}}"),
            "[any time] Current name: Charlie Cheesecake, Delia Dingle or Eva Evershed")
        XCTAssertEqual(LinePattern.readable("counted {{\\d+}} of 8"), "counted … of 8")
        XCTAssertEqual(LinePattern.readable("no placeholders"), "no placeholders")
        var mismatch = OutputMismatch(
            outputLine: 4, actual: "x", transcriptLine: 13, expected: "[{{time}}] {{Ann|Bob}}", anyOrder: true)
        XCTAssertTrue(mismatch.description.contains("transcript line 13"))
        mismatch.forAttendee = true
        XCTAssertEqual(
            mismatch.description,
            "output line 4: \"x\"\n  expected: \"[any time] Ann or Bob\"  (lines like this may come in any order)")
        XCTAssertFalse(CheckProblem.output(mismatch).forAttendee.description.contains("{{"))
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
