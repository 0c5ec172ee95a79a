import XCTest

@testable import RaceLabRunner

final class TranscriptTests: XCTestCase {
    func transcript(_ text: String) -> Transcript { try! Transcript(parsing: text) }

    /// `...` over a long output: the matcher's depth follows the transcript, not the output (5000
    /// skipped lines overflowed its stack once). 30,000 lines, matched and failing at the last line.
    func testALongOutputUnderASkipNeitherCrashesNorCrawls() throws {
        let output = (1...30_000).map { "line \($0)" }.joined(separator: "\n")
        let started = Date()
        XCTAssertNil(try Transcript(parsing: "---\n...\n").mismatch(in: output))
        XCTAssertNil(try Transcript(parsing: "---\n...\nline 30000\n").mismatch(in: output))
        let failing = try Transcript(parsing: "---\n...\nline 29999\nthe end\n").mismatch(in: output)
        XCTAssertNotNil(failing)
        // Every line matches the pattern between two skips: each is tried once, not once per entry.
        let between = try Transcript(parsing: "---\n...\nline {{\\d+}}\n...\nthe end\n").mismatch(in: output)
        XCTAssertNotNil(between)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "not a benchmark: a guard against a quadratic search")
    }

    func testHeaderIsRead() throws {
        let parsed = transcript(
            """
            # a comment
            verdict: race Person.changeName, race Person.name.getter
            exit: 3
            timeout: 12
            tolerance: 0.5
            timed order: yes
            ---
            hello
            """)
        XCTAssertEqual(parsed.verdict, .races(["Person.changeName", "Person.name.getter"]))
        XCTAssertEqual(parsed.exitStatus, 3)
        XCTAssertEqual(parsed.timeout, 12)
        XCTAssertEqual(parsed.tolerance, 0.5)
        XCTAssertTrue(parsed.timedOrder)
        XCTAssertEqual(transcript("---\nx").verdict, .clean, "clean is the default")
        XCTAssertFalse(transcript("---\nx").timedOrder, "an order is not timed unless the transcript says so")
        let whenLate = transcript("timed order: when late\n---\nx")
        XCTAssertTrue(whenLate.timedOrder && whenLate.confirmOnlyWhenLate)
        XCTAssertFalse(parsed.confirmOnlyWhenLate)
        XCTAssertTrue(parsed.seeded, "an exercise is seeded unless its transcript says not")
        XCTAssertFalse(transcript("seeded: no\n---\nx").seeded)
        XCTAssertThrowsError(try Transcript(parsing: "seeded: maybe\n---\n"))
    }

    func testHowAStarterFailsIsNoLongerATranscriptKey() {
        XCTAssertThrowsError(try Transcript(parsing: "starter fails: output\n---\nx")) {
            XCTAssertTrue("\($0)".contains("// must fail: output"), "the error says where it goes now: \($0)")
        }
    }

    func testBrokenTranscriptsSayWhere() {
        XCTAssertThrowsError(try Transcript(parsing: "verdict: clean\nhello")) {
            XCTAssertTrue("\($0)".contains("no '---' line"))
        }
        XCTAssertThrowsError(try Transcript(parsing: "verdict: dirty\n---\n")) {
            XCTAssertTrue("\($0)".hasPrefix("line 1:"))
        }
        XCTAssertThrowsError(try Transcript(parsing: "verdict: race changeName\n---\n"), "a function needs its type")
        XCTAssertThrowsError(try Transcript(parsing: "colour: red\n---\n"))
        XCTAssertThrowsError(try Transcript(parsing: "exit: zero\n---\n"))
        XCTAssertThrowsError(try Transcript(parsing: "timed order: maybe\n---\n"))
        XCTAssertThrowsError(try Transcript(parsing: "---\nany order:\nnot indented"))
        XCTAssertThrowsError(try Transcript(parsing: "---\nok\n{{[}}")) { XCTAssertTrue("\($0)".hasPrefix("line 3:")) }
    }

    func testExactLinesInOrder() {
        let expected = transcript("---\nhello\nworld")
        XCTAssertNil(expected.mismatch(in: "hello\nworld\n"))
        let mismatch = expected.mismatch(in: "hello\nWorld\n")
        XCTAssertEqual(mismatch?.outputLine, 2)
        XCTAssertEqual(mismatch?.actual, "World")
        XCTAssertEqual(mismatch?.transcriptLine, 3)
        XCTAssertEqual(mismatch?.expected, "world")
    }

    func testExtraAndMissingOutputFail() {
        let expected = transcript("---\nhello\nworld")
        let extra = expected.mismatch(in: "hello\nworld\nagain\n")
        XCTAssertEqual(extra?.outputLine, 3)
        XCTAssertNil(extra?.expected)
        let short = expected.mismatch(in: "hello\n")
        XCTAssertNil(short?.actual)
        XCTAssertEqual(short?.expected, "world")
        // Said with the line the output ended with: in an exercise, often the driver saying what is wrong.
        XCTAssertEqual(short?.lastLine, "hello")
        XCTAssertTrue(short?.description.contains("the output's last line: \"hello\"") ?? false)
        let skipped = transcript("---\n...\nall good").mismatch(in: "a\nnot right: row 1 kept its provider\n")
        XCTAssertEqual(skipped?.lastLine, "not right: row 1 kept its provider")
        XCTAssertNil(expected.mismatch(in: "hello\nWorld\n")?.lastLine, "a line that differs is shown itself")
    }

    func testSkipTakesAnyNumberOfLines() {
        let expected = transcript("---\nstart\n...\nend")
        XCTAssertNil(expected.mismatch(in: "start\nend"))
        XCTAssertNil(expected.mismatch(in: "start\na\nb\nc\nend"))
        XCTAssertNotNil(expected.mismatch(in: "start\na\nb"))
        XCTAssertNotNil(expected.mismatch(in: "begin\nend"))
        XCTAssertNil(transcript("---\nstart\n...").mismatch(in: "start\nmore\nmore"))
    }

    func testSkipBacktracks() {
        // The first "x" after "..." is not the one that leads to a match.
        let expected = transcript("---\n...\nx\ny")
        XCTAssertNil(expected.mismatch(in: "x\nx\ny"))
        XCTAssertNotNil(expected.mismatch(in: "x\ny\nz"))
    }

    func testAnyOrderAcceptsEveryPermutationAndNothingElse() {
        let expected = transcript(
            """
            ---
            begin
            any order:
              a
              b
              {{c|d}}
            end
            """)
        for order in [["a", "b", "c"], ["c", "b", "a"], ["b", "d", "a"]] {
            XCTAssertNil(expected.mismatch(in: (["begin"] + order + ["end"]).joined(separator: "\n")), "\(order)")
        }
        XCTAssertNotNil(expected.mismatch(in: "begin\na\na\nc\nend"), "a member cannot match twice")
        XCTAssertNotNil(expected.mismatch(in: "begin\na\nb\nend"), "a member is missing")
        XCTAssertNotNil(expected.mismatch(in: "begin\na\nb\nc\nd\nend"), "one line too many")
        let torn = expected.mismatch(in: "begin\na\nb\ne\nend")
        XCTAssertEqual(torn?.outputLine, 4)
        XCTAssertEqual(torn?.actual, "e")
        XCTAssertTrue(torn?.expected?.contains("{{c|d}}") == true)
    }

    func testAnyOrderAssignsLinesToTheRightMembers() {
        // "x1" matches both members; a greedy choice would leave "x" for nothing.
        let expected = transcript("---\nany order:\n  {{x\\d?}}\n  x1")
        XCTAssertNil(expected.mismatch(in: "x1\nx"))
        XCTAssertNil(expected.mismatch(in: "x\nx1"))
    }

    func testCommentsAndTrailingBlankLines() {
        let expected = transcript("---\n# not output\nhello\n\n\n")
        XCTAssertNil(expected.mismatch(in: "hello\n\n"))
        XCTAssertNotNil(expected.mismatch(in: "# not output\nhello"))
    }
}
