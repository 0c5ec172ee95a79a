import XCTest

@testable import RaceLabRunner

/// The verdict logic on reports ThreadSanitizer really printed (`capturedStderr`): races expected and
/// not, and how a run ended.
final class TSanVerdictTests: XCTestCase {
    let output = "hello\nworld\n"

    func result(stderr: String = "", ending: ProcessResult.Ending = .exited(0), timedOut: Bool = false) -> ProcessResult
    {
        ProcessResult(ending: ending, stdout: output, stderr: stderr, timedOut: timedOut, seconds: 1)
    }

    func judged(_ result: ProcessResult, _ header: String) -> RunOutcome {
        judge(
            result, transcript: try! Transcript(parsing: "\(header)\n---\nhello\nworld"),
            root: TSanReportTests.capturedRoot, cap: 1024)
    }

    func testExpectedRaceThatHappenedPasses() throws {
        let racy = result(stderr: try capturedStderr("lesson3-page2.stderr"), ending: .exited(66))
        let outcome = judged(racy, "verdict: race Person.changeName")
        XCTAssertTrue(outcome.passed, "\(outcome.problems)")
        XCTAssertEqual(outcome.verdict, "races: Person.changeName ×8")
    }

    /// A report cut off after its first access (a killed process, a full pipe) fails once, saying it
    /// was cut off: not as an unexpected race, and not as an expected race that did not happen.
    func testACutOffReportFailsOnceAndSaysSo() throws {
        let whole = try capturedStderr("lesson3-page2.stderr")
        let first = try XCTUnwrap(whole.range(of: "  Previous"))
        let cut = result(stderr: String(whole[..<first.lowerBound]), ending: .exited(66))
        let outcome = judged(cut, "verdict: race Person.changeName")
        XCTAssertEqual(outcome.problems.count, 1, "\(outcome.problems)")
        XCTAssertTrue(outcome.problems[0].description.contains("was cut off"), "\(outcome.problems)")
        XCTAssertFalse(outcome.passed)
        XCTAssertTrue(judged(result(stderr: whole, ending: .exited(66)), "verdict: race Person.changeName").passed)
    }

    /// TSan names a property's accessors (`Person.name.getter`): a transcript that names the property
    /// alone can never match, and the failure says what to write instead.
    func testARacedPropertyNamedWithoutItsAccessorSaysWhatToWrite() throws {
        let stderr = """
            WARNING: ThreadSanitizer: data race (pid=1)
              Read of size 8 at 0x7b0c00000010 by thread T2:
                #0 $s7lesson36PersonC4nameSSvg /work/main/Lessons/03-thread-safety/Person.swift:23:9 (lesson3+0x1)

              Previous write of size 8 at 0x7b0c00000010 by thread T1:
                #0 $s7lesson36PersonC10changeName05firstD004lastD0ySS_SStF /work/main/Lessons/03-thread-safety/Person.swift:17:23 (lesson3+0x2)

            SUMMARY: ThreadSanitizer: data race /work/main/Lessons/03-thread-safety/Person.swift:23:9 in $s7lesson36PersonC4nameSSvg
            """
        let named = judged(
            result(stderr: stderr, ending: .exited(66)), "verdict: race Person.name, race Person.changeName")
        XCTAssertFalse(named.passed)
        XCTAssertEqual(named.problems.count, 1, "\(named.problems)")
        XCTAssertTrue(named.problems[0].description.contains("write 'race Person.name.getter'"), "\(named.problems)")
        XCTAssertTrue(judged(result(stderr: stderr, ending: .exited(66)), "verdict: race Person.name.getter").passed)
    }

    func testUnexpectedRaceFailsAndIsSummarisedOnce() throws {
        let racy = result(stderr: try capturedStderr("lesson3-page2.stderr"), ending: .exited(66))
        let outcome = judged(racy, "verdict: clean")
        XCTAssertFalse(outcome.passed)
        let unexpected = outcome.problems.compactMap { problem -> Int? in
            if case .unexpectedRace(_, let count) = problem { return count }
            return nil
        }
        XCTAssertEqual(unexpected.reduce(0, +), 8, "every report is counted")
        XCTAssertLessThan(unexpected.count, 8, "identical reports are grouped")
        XCTAssertFalse(outcome.problems.contains { if case .exitStatus = $0 { return true } else { return false } })
    }

    func testRaceInAnotherFunctionIsNotTheExpectedOne() throws {
        let racy = result(stderr: try capturedStderr("lesson3-page2.stderr"), ending: .exited(66))
        let outcome = judged(racy, "verdict: race Person.name.getter")
        XCTAssertTrue(
            outcome.problems.contains {
                if case .missingRace("Person.name.getter", _) = $0 { return true } else { return false }
            })
        XCTAssertTrue(outcome.problems.contains { if case .unexpectedRace = $0 { return true } else { return false } })
    }

    func testExpectedRaceThatDidNotHappenFails() {
        let outcome = judged(result(), "verdict: race Person.changeName")
        XCTAssertEqual(outcome.problems.count, 1)
        XCTAssertEqual(
            outcome.problems.first?.description,
            "expected a data race in Person.changeName, but ThreadSanitizer reported none there")
    }

    func testEndings() {
        XCTAssertTrue(judged(result(), "verdict: clean").passed)
        XCTAssertEqual(
            judged(result(ending: .exited(3)), "verdict: clean").problems.first?.description,
            "exit status 3, expected 0")
        XCTAssertTrue(judged(result(ending: .exited(3)), "exit: 3").passed)
        XCTAssertEqual(
            judged(result(ending: .exited(66)), "verdict: clean").problems.first?.description,
            "exit status 66 (ThreadSanitizer's) but no report could be read on stderr")
        XCTAssertTrue(
            judged(result(ending: .signalled(4)), "verdict: clean").problems.first!.description.hasPrefix(
                "crashed with signal 4"))
        let stopped = judged(result(timedOut: true), "verdict: race Person.changeName")
        XCTAssertEqual(stopped.problems.count, 1, "a page stopped early is not also blamed for a race it never reached")
        XCTAssertTrue(stopped.problems[0].description.hasPrefix("did not finish within 60 s"))
    }

    func testStarterFailureKinds() throws {
        let racy = result(stderr: try capturedStderr("exercise3-starter.stderr"), ending: .exited(66))
        let outcome = judged(racy, "verdict: clean")
        XCTAssertTrue(outcome.problems.contains { $0.isCase(.race("Person.changeName")) })
        XCTAssertFalse(outcome.problems.contains { $0.isCase(.race("Person.name.getter")) })
        XCTAssertFalse(outcome.problems.contains { $0.isCase(.output) })
        XCTAssertFalse(outcome.problems.contains { $0.isCase(.timeout) })
    }
}
