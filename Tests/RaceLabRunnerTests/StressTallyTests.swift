import XCTest

@testable import RaceLabRunner

/// A stress table counts the different outputs its runs printed: 1 for a page that never changes.
final class StressTallyTests: XCTestCase {
    private func outcome(_ stdout: String) -> RunOutcome {
        RunOutcome(problems: [], races: [], seconds: 0.1, stdout: stdout)
    }

    func testRunsWithTheSameOutputCountAsOneAndADifferentOneAsAnother() {
        var tally = StressTally(label: "lesson 3 page 6", mustFail: false, expectsRace: false)
        _ = tally.add(outcome("20 schedules\n"), passed: true)
        _ = tally.add(outcome("20 schedules\n"), passed: true)
        XCTAssertEqual(tally.outputs.count, 1)
        _ = tally.add(outcome("19 schedules\n"), passed: false)
        XCTAssertEqual(tally.outputs.count, 2)
    }

    func testARunCountsOnceForAnEndingTwoBlocksName() {
        var tally = StressTally(label: "lesson 15 page 5", mustFail: false, expectsRace: false)
        var run = outcome("two children\n")
        let ending = Transcript.Outcome(name: "the library's message", kind: .expected, steps: [], sourceLine: 18)
        run.outcomes = [ending, ending]
        _ = tally.add(run, passed: true)
        _ = tally.add(run, passed: true)
        XCTAssertEqual(tally.outcomes[ending.label], 2, "2 runs, not 4")
    }
}
