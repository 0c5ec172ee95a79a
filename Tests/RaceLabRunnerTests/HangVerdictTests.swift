import Foundation
import XCTest

import RaceLabKit
@testable import RaceLabRunner

/// How a hang is told: a watchdog that gave up, a continuation nobody resumed.
final class HangVerdictTests: ExerciseWorkspaceTestCase {
    /// A hang behind a continuation nobody resumed: the verdict quotes the Swift runtime's warning from
    /// stderr. A crash's stderr lines are cut to 300 characters (a value resumed twice is printed whole).
    func testAHangNamesALeakedContinuationAndCrashLinesAreShort() throws {
        let said = "[ 5.01s] " + Watchdog.line("the rounds", 5)
        let leak =
            "SWIFT TASK CONTINUATION MISUSE: fetch() leaked its continuation without resuming it. This may cause tasks waiting on it to remain suspended forever."
        let run = ProcessResult(
            ending: .exited(0), stdout: "[ 0.00s] started\n\(said)\n", stderr: leak + "\n", seconds: 1)
        let hung = judge(
            run, transcript: try Transcript(parsing: "---\n[{{~0s}}] started\n[{{~1s}}] finished\n"), root: root,
            cap: 1 << 16)
        XCTAssertTrue(hung.problems[0].description.contains("the Swift runtime said: " + leak), "\(hung.problems[0])")
        let silent = judge(
            ProcessResult(ending: .exited(0), stdout: "[ 0.00s] started\n\(said)\n", stderr: "", seconds: 1),
            transcript: try Transcript(parsing: "---\n[{{~0s}}] started\n[{{~1s}}] finished\n"), root: root,
            cap: 1 << 16)
        XCTAssertFalse(silent.problems[0].description.contains("the Swift runtime said"))
        let twice =
            "Fatal error: SWIFT TASK CONTINUATION MISUSE: image(named:) tried to resume its continuation more than once, returning "
            + String(repeating: "0, ", count: 4096)
        let summary = crashSummary(twice + "\n")
        XCTAssertEqual(summary.count, 1)
        XCTAssertEqual(summary[0].count, 302, "300 characters and an ellipsis")
        XCTAssertTrue(summary[0].hasSuffix(" …"))
    }

    /// Where the output parts from the transcript at a watchdog that gave up, the verdict says "it
    /// hangs" first (still an output failure too, as the variants that hang are documented); a
    /// watchdog line the transcript expects is no hang.
    func testAWatchdogThatGaveUpIsAHangSaidFirst() throws {
        let said = "[ 5.01s] " + Watchdog.line("SlowAddOperation", 5)
        XCTAssertEqual(watchdogGaveUp("[ 0.00s] started\n\(said)\n"), "SlowAddOperation still not finished after 5.0 s")
        XCTAssertNil(watchdogGaveUp("[ 1.00s] finished: 42 + 24 = 66\nthe watchdog: never needed"))
        let run = ProcessResult(ending: .exited(0), stdout: "[ 0.00s] started\n\(said)\n", stderr: "", seconds: 1)
        let hung = judge(
            run, transcript: try Transcript(parsing: "---\n[{{~0s}}] started\n[{{~1s}}] finished: 66\n"), root: root,
            cap: 1 << 16)
        XCTAssertEqual(hung.problems.first?.kind, .hang, "\(hung.problems)")
        XCTAssertTrue(hung.problems.contains { $0.isCase(.output) } && hung.problems.contains { $0.isCase(.timeout) })
        XCTAssertTrue(
            hung.problems[0].description.hasPrefix(
                "it hangs: the watchdog gave up (SlowAddOperation still not finished"))
        let expected = judge(
            run, transcript: try Transcript(parsing: "---\n[{{~0s}}] started\n[{{~5s}}] watchdog: {{.*}}\n"),
            root: root, cap: 1 << 16)
        XCTAssertTrue(expected.passed, "\(expected.problems)")
    }

    /// A watchdog that gave up while the driver's calls still returned: too slow, not a hang's causes.
    func testAWatchdogThatGaveUpOnWorkStillMovingSaysItIsSlow() throws {
        let said = "[ 120.01s] " + Watchdog.line("the rounds", 120, moved: (345, 12))
        XCTAssertEqual(
            watchdogGaveUp("[ 0.00s] started\n\(said)\n"),
            "the rounds still not finished after 120.0 s, \(StillMoving.words) (345 in its last 12.0 s)")
        let run = ProcessResult(ending: .exited(0), stdout: "[ 0.00s] started\n\(said)\n", stderr: "", seconds: 1)
        let slow = judge(
            run, transcript: try Transcript(parsing: "---\n[{{~0s}}] started\n[{{~1s}}] finished\n"), root: root,
            cap: 1 << 16)
        XCTAssertTrue(slow.problems[0].isSlowNotStuck)
        XCTAssertTrue(
            slow.problems[0].description.hasPrefix("it is too slow: the watchdog gave up"), "\(slow.problems)")
        XCTAssertFalse(slow.problems[0].description.contains("waits forever"))
        let stuck = judge(
            ProcessResult(
                ending: .exited(0), stdout: "[ 0.00s] started\n[ 120.01s] \(Watchdog.line("the rounds", 120))\n",
                stderr: "", seconds: 1),
            transcript: try Transcript(parsing: "---\n[{{~0s}}] started\n[{{~1s}}] finished\n"), root: root,
            cap: 1 << 16)
        XCTAssertFalse(stuck.problems[0].isSlowNotStuck)
        XCTAssertTrue(stuck.problems[0].description.hasPrefix("it hangs"))
    }
}
