import RaceLabContract
import XCTest

@testable import RaceLabRunner

/// Outcome blocks, `some of:`, the runner's timing allowance, and what a time failure says.
final class OutcomeAndTimingTests: XCTestCase {
    func transcript(_ text: String) -> Transcript { try! Transcript(parsing: text) }

    let racy = """
        ---
        start
        outcome names tore (interesting):
          Torn: {{[1-6]}}
        outcome no name tore (expected):
          Torn: 0
        outcome a name from nowhere (forbidden):
          Torn: {{\\d+}} and a stranger
        end
        """

    func testEachOutcomeIsRecognisedAndNamed() {
        let expected = transcript(racy)
        XCTAssertEqual(expected.match("start\nTorn: 3\nend").outcomes.map(\.label), ["names tore (interesting)"])
        XCTAssertEqual(expected.match("start\nTorn: 0\nend").outcomes.map(\.label), ["no name tore (expected)"])
        XCTAssertEqual(expected.outcomes.map(\.kind), [.interesting, .expected, .forbidden])
    }

    func testOutputThatMatchesNoOutcomeFails() {
        let mismatch = transcript(racy).mismatch(in: "start\nTorn: 9\nend")
        XCTAssertEqual(mismatch?.outputLine, 2)
        XCTAssertEqual(mismatch?.actual, "Torn: 9")
        XCTAssertNotNil(
            transcript(racy).mismatch(in: "start\nTorn: 3\nfinish"), "the lines after the outcomes still count")
    }

    func testAForbiddenOutcomeFailsThePageByName() {
        let result = ProcessResult(
            ending: .exited(0), stdout: "start\nTorn: 2 and a stranger\nend\n", stderr: "", seconds: 1)
        let outcome = judge(result, transcript: transcript(racy), root: "/nowhere", cap: 1 << 20)
        XCTAssertEqual(outcome.problems.map(\.description), ["forbidden outcome: a name from nowhere"])
        XCTAssertTrue(outcome.problems[0].isCase(.output))
    }

    /// ThreadSanitizer catches a SEGV itself and exits with its own status (66): that is a crash,
    /// named with the frame it happened in, not "exit status 66 without a report".
    func testACrashThreadSanitizerCaughtIsACrash() {
        let stderr = """
            ThreadSanitizer:DEADLYSIGNAL
            ==18267==ERROR: ThreadSanitizer: SEGV on unknown address (pc 0x7fc632f40961 bp 0x7fc628859bb0 sp 0x7fc628859b90 T18276)
            ==18267==The signal is caused by a READ memory access.
                #0 $ss17_NativeDictionaryV6lookupyq_SgxF <null> (libswiftCore.so+0x340961)
                #1 main <null>

            """
        let result = ProcessResult(ending: .exited(66), stdout: "start\nend\n", stderr: stderr, seconds: 1)
        let outcome = judge(result, transcript: transcript("---\nstart\nend"), root: "/nowhere", cap: 1 << 20)
        XCTAssertEqual(outcome.problems.count, 1)
        let text = outcome.problems.first?.description ?? ""
        XCTAssertTrue(text.hasPrefix("crashed with signal 11"), text)
        XCTAssertTrue(text.contains("ThreadSanitizer: SEGV on unknown address"), text)
        XCTAssertTrue(text.contains("_NativeDictionary"), text)
        XCTAssertEqual(outcome.missing([.crash]), [])
        XCTAssertEqual(outcome.missing([.either([.race("AlertExclusivity.added"), .crash])]), [], "either one will do")
        XCTAssertEqual(outcome.missing([.race("AlertExclusivity.added")]), [.race("AlertExclusivity.added")])
        let silent = ProcessResult(ending: .exited(66), stdout: "start\nend\n", stderr: "", seconds: 1)
        XCTAssertEqual(
            judge(silent, transcript: transcript("---\nstart\nend"), root: "/nowhere", cap: 1 << 20).problems.map(
                \.description),
            ["exit status 66 (ThreadSanitizer's) but no report could be read on stderr"])
    }

    /// A driver's line saying what it left out for a file that uses Mutex is found, to be said on a pass.
    func testWhatADriverLeftOutForMutexIsFound() {
        let line = MutexInTheirCode.leftOutMark + " the paired round is left out."
        XCTAssertEqual(
            RunOutcome(problems: [], races: [], seconds: 1, stdout: "Refresh 1: shown.\n\(line)\nDone.\n")
                .leftOutForMutex,
            line)
        XCTAssertNil(RunOutcome(problems: [], races: [], seconds: 1, stdout: "Then 100 refreshes.\n").leftOutForMutex)
    }

    /// A Swift runtime trap after a race ThreadSanitizer reported in the same run is told why: the race.
    func testATrapAfterARaceSaysTheRaceIsALikelyCause() {
        let trap = """
            ThreadSanitizer:DEADLYSIGNAL
            ==1==ERROR: ThreadSanitizer: ILL on unknown address (pc 0x1 bp 0x2 sp 0x3 T4)
                #0 $ss18_fatalErrorMessage <null> (libswiftCore.so+0x1)
                #1 main <null>

            """
        let race = "WARNING: ThreadSanitizer: data race (pid=1)\n  Write of size 8 at 0x1 by thread T2:\n"
        XCTAssertEqual(tsanDeadlySignal(race + trap)?.cause, .afterARace(at: nil))
        XCTAssertNil(tsanDeadlySignal(trap)?.cause, "no race reported before it: no cause made up")
        XCTAssertNil(tsanDeadlySignal(trap + race)?.cause, "a race after the trap did not cause it")
        XCTAssertTrue(TrapCause.afterARace(at: nil).why.contains("must go through the same lock"))
        // Where the race touched the exercise's own file is said, the attendee's file before the driver's.
        let located =
            race + "    #0 closure in main /p/Lessons/15-x/Exercise/main.swift:5:3 (exercise15+0x1)\n"
            + "    #1 closure in FeedViewModel.refresh /p/Lessons/15-x/Exercise/FeedViewModel.swift:36:9 (exercise15+0x2)\n"
        let cause = tsanDeadlySignal(located + trap, root: "/p")?.cause
        XCTAssertEqual(cause, .afterARace(at: "Lessons/15-x/Exercise/FeedViewModel.swift:36"))
        XCTAssertTrue(cause?.why.contains("(at Lessons/15-x/Exercise/FeedViewModel.swift:36)") == true)
    }

    /// A bad memory access in the attendee's own file with no race reported first (a dictionary two
    /// threads wrote at once, crashed before TSan's report) is told its likely cause; one elsewhere, or
    /// a runtime trap, is not.
    func testABadMemoryAccessInTheirCodeSaysTwoThreadsLikelyWroteAtOnce() {
        func crash(_ kind: String, in file: String) -> String {
            """
            ThreadSanitizer:DEADLYSIGNAL
            ==1==ERROR: ThreadSanitizer: \(kind) on unknown address 0x0 (pc 0x1 bp 0x2 sp 0x3 T4)
                #0 $sSD8_VariantV6insert <null> (libswiftCore.so+0x1)
                #1 $s5main16AlertExclusivityC5added (exercise10+0x2) (BuildId: 1)
                #2 $s5main16AlertExclusivityC5added \(file):16:13 (exercise10+0x2)

            """
        }
        let theirs = "/root/Lessons/10-advanced-operations/Exercise/AlertExclusivity.swift"
        XCTAssertEqual(tsanDeadlySignal(crash("SEGV", in: theirs), root: "/root")?.cause, .badMemoryAccessInTheirCode)
        XCTAssertNil(tsanDeadlySignal(crash("SEGV", in: "/root/Sources/RaceLabKit/X.swift"), root: "/root")?.cause)
        XCTAssertNil(tsanDeadlySignal(crash("ILL", in: theirs), root: "/root")?.cause, "a runtime trap says why itself")
        XCTAssertTrue(TrapCause.badMemoryAccessInTheirCode.why.contains("reads too, must go through the same lock"))
        // The attendee's frame is named before the driver's main.swift, though main.swift is nearer the top.
        let driver = "/root/Lessons/15-x/Exercise/main.swift"
        let deeper = crash("SEGV", in: driver) + "    #3 getter \(theirs):30:5 (exercise10+0x3)\n"
        XCTAssertEqual(tsanDeadlySignal(deeper, root: "/root")?.own?.file, theirs)
        XCTAssertEqual(
            tsanDeadlySignal(crash("SEGV", in: driver), root: "/root")?.own?.file, driver, "the driver's alone")
    }

    func testOutcomesMayHoldAnyOrderSkipsAndNestedLines() {
        let expected = transcript(
            """
            ---
            outcome all finished (expected):
              any order:
                a
                b
              all done
            outcome one was lost (interesting):
              ...
              watchdog: still waiting
            after
            """)
        XCTAssertEqual(expected.match("b\na\nall done\nafter").outcomes.map(\.name), ["all finished"])
        XCTAssertEqual(expected.match("a\nwatchdog: still waiting\nafter").outcomes.map(\.name), ["one was lost"])
        XCTAssertNotNil(
            expected.mismatch(in: "a\nall done\nafter"), "b is missing from the first, no watchdog for the second")
    }

    func testTwoOutcomeGroupsCombine() {
        let expected = transcript(
            "---\noutcome a (expected):\n  a1\noutcome b (interesting):\n  b1\nmiddle\noutcome c (expected):\n  c1\noutcome d (interesting):\n  d1"
        )
        XCTAssertEqual(expected.match("b1\nmiddle\nc1").outcomes.map(\.name), ["b", "c"])
        XCTAssertEqual(expected.match("a1\nmiddle\nd1").outcomes.map(\.name), ["a", "d"])
        XCTAssertNotNil(expected.mismatch(in: "a1\nmiddle\nb1"))
    }

    func testBrokenOutcomeHeadersSayWhatIsWrong() {
        XCTAssertThrowsError(try Transcript(parsing: "---\noutcome lost:\n  x")) {
            XCTAssertTrue("\($0)".contains("outcome NAME (CLASS):"), "\($0)")
        }
        XCTAssertThrowsError(try Transcript(parsing: "---\noutcome lost (surprising):\n  x")) {
            XCTAssertTrue("\($0)".contains("expected, interesting, forbidden"), "\($0)")
        }
        XCTAssertThrowsError(try Transcript(parsing: "---\noutcome lost (expected):\nnot indented")) {
            XCTAssertTrue("\($0)".hasPrefix("line 2:"), "\($0)")
        }
    }

    func testSomeOfTakesNoneOneOrMoreEachOnce() {
        let expected = transcript("---\nbegin\nsome of:\n  a\n  b\nend")
        for output in ["begin\nend", "begin\na\nend", "begin\nb\na\nend"] {
            XCTAssertNil(expected.mismatch(in: output), output)
        }
        XCTAssertNotNil(expected.mismatch(in: "begin\na\na\nend"), "each member at most once")
        XCTAssertNotNil(expected.mismatch(in: "begin\nc\nend"), "nothing else")
    }

    // MARK: timing

    func testTheRunnersAllowanceWidensEveryTime() {
        let line = try! LinePattern("[{{~1s}}] 66", tolerance: 0.3)
        XCTAssertFalse(line.matches("[ 1.50s] 66"))
        XCTAssertTrue(
            line.matches("[ 1.50s] 66", times: TimingModel(speed: 4).timeCheck), "0.1 real s at 4x is 0.4 lesson s")
        XCTAssertFalse(line.matches("[ 1.50s] 66", times: TimingModel(speed: 1).timeCheck), "at real speed only 0.1")
        XCTAssertFalse(line.matches("[ 2.10s] 66", times: TimingModel(speed: 4).timeCheck))
        XCTAssertTrue(line.matches("[ 9.00s] 66", times: .anyTime))
        XCTAssertFalse(line.matches("[ 9.00s] 67", times: .anyTime), "relaxed times still need the shape")
    }

    func testATimeFailureSaysHowLateInLessonAndRealSeconds() {
        let expected = transcript("---\nstart\n[{{~1s}}] 66")
        let result = ProcessResult(ending: .exited(0), stdout: "start\n[ 2.28s] 66\n", stderr: "", seconds: 1)
        let outcome = judge(result, transcript: expected, root: "/nowhere", cap: 1 << 20, timing: TimingModel(speed: 4))
        guard case .timing(let mismatch)? = outcome.problems.first, outcome.problems.count == 1 else {
            return XCTFail("\(outcome.problems)")
        }
        XCTAssertEqual(outcome.failureKinds, [.time])
        XCTAssertTrue(
            mismatch.description.contains("\"66\" came at 2.28 s, expected 0.70 s–1.30 s: 0.98 s late"),
            mismatch.description)
        XCTAssertTrue(mismatch.description.contains("0.40 s allowance"), mismatch.description)
        XCTAssertTrue(mismatch.description.contains("0.58 s out (0.1"), mismatch.description)
        XCTAssertTrue(mismatch.description.contains("of real time at 4x)"), mismatch.description)
        let early = judge(
            ProcessResult(ending: .exited(0), stdout: "start\n[ 0.10s] 66\n", stderr: "", seconds: 1),
            transcript: expected,
            root: "/nowhere", cap: 1 << 20, timing: TimingModel(speed: 1))
        XCTAssertTrue(
            early.problems.first?.description.contains("\"66\" came at 0.10 s, expected 0.70 s–1.30 s: 0.60 s early")
                == true, "\(early.problems)")
    }

    func testWrongContentIsNotATimeFailure() {
        let expected = transcript("---\nstart\n[{{~1s}}] 66")
        let result = ProcessResult(ending: .exited(0), stdout: "start\n[ 2.28s] 67\n", stderr: "", seconds: 1)
        let outcome = judge(result, transcript: expected, root: "/nowhere", cap: 1 << 20)
        XCTAssertEqual(outcome.failureKinds, [.content])
    }

    func testTheConfirmingRerunIsAtRealSpeedAndOnlyOnce() {
        XCTAssertEqual(TimingModel(speed: 4).confirming?.speed, 1)
        XCTAssertNil(TimingModel(speed: 4).confirming?.confirming, "the rerun is not rerun")
        XCTAssertNil(TimingModel(speed: 1).confirming, "a check at real speed has nothing to confirm with")
        XCTAssertEqual(TimingModel(speed: 4).slack, 0.4, accuracy: 1e-9)
    }
}

/// An exercise's output: the lesson machinery marks its lines; an attendee's own prints are shown,
/// not checked. A page's output is checked whole.
final class OwnLinesTests: XCTestCase {
    let expected = try! Transcript(parsing: "verdict: clean\n---\nhello\nworld")
    let m = "\u{1E}"

    func judged(_ stdout: String, exercise: Bool, flooded: Bool = false, cap: Int = 1 << 20) -> RunOutcome {
        var result = ProcessResult(ending: .exited(0), stdout: stdout, stderr: "", seconds: 1)
        result.flooded = flooded
        return judge(result, transcript: expected, root: "/nowhere", cap: cap, ownLinesAllowed: exercise)
    }

    func testAnAttendeesDebugPrintsAreShownNotChecked() {
        let outcome = judged("\(m)hello\ndebug: renaming\n\(m)world\n", exercise: true)
        XCTAssertTrue(outcome.passed, "\(outcome.problems)")
        XCTAssertEqual(outcome.ownLines, ["debug: renaming"])
        XCTAssertEqual(outcome.stdout, "hello\nworld")
    }

    func testAPrintWithoutANewlineIsSplitOffTheLessonLineItRanInto() {
        let outcome = judged("\(m)hello\nstill renaming…\(m)world\n", exercise: true)
        XCTAssertTrue(outcome.passed, "\(outcome.problems)")
        XCTAssertEqual(outcome.ownLines, ["still renaming…"])
    }

    func testOnAPageEveryLineIsChecked() {
        let outcome = judged("\(m)hello\ndebug: renaming\n\(m)world\n", exercise: false)
        XCTAssertEqual(outcome.failureKinds, [.content])
        XCTAssertEqual(outcome.ownLines, [])
    }

    func testTheLessonsOwnLinesAreStillChecked() {
        let outcome = judged("\(m)hello\nworld\n\(m)moon\n", exercise: true)
        XCTAssertEqual(outcome.failureKinds, [.content], "an attendee's 'world' does not stand in for the lesson's")
        XCTAssertEqual(outcome.ownLines, ["world"])
    }

    func testAFloodOfOwnPrintsIsSaidPlainly() {
        let own = String(repeating: "debug\n", count: 100)
        let outcome = judged("\(m)hello\n" + own, exercise: true, flooded: true, cap: 300)
        XCTAssertEqual(outcome.failureKinds, [.flood])
        XCTAssertTrue(outcome.problems[0].description.contains("your own print()s"), outcome.problems[0].description)
        let lessonFlood = judged(String(repeating: "\(m)hello\n", count: 100), exercise: true, flooded: true, cap: 300)
        XCTAssertFalse(lessonFlood.problems[0].description.contains("your own"), lessonFlood.problems[0].description)
    }

    func testARunStoppedAtTheFirstReportIsJudgedByItsRaceAlone() throws {
        let report = try String(
            contentsOf: Bundle.module.url(forResource: "TSanReports", withExtension: nil)!
                .appendingPathComponent("exercise3-starter.stderr.txt"), encoding: .utf8)
        var result = ProcessResult(ending: .signalled(SIGKILL), stdout: "\(m)hello\n", stderr: report, seconds: 1)
        result.stoppedEarly = true
        let outcome = judge(result, transcript: expected, root: "/nowhere", cap: 1 << 20, ownLinesAllowed: true)
        XCTAssertEqual(outcome.failureKinds, [.race], "no crash, no output failure: \(outcome.problems)")
        XCTAssertTrue(outcome.stoppedAtFirstReport)
        XCTAssertTrue(hasWholeTSanReport(report))
        let summary = report.range(of: "SUMMARY: ThreadSanitizer")!
        XCTAssertFalse(
            hasWholeTSanReport(String(report[..<summary.upperBound])),
            "a report is whole once its SUMMARY line has ended")
    }

    func testARunStoppedAtAReportTheRunnerCannotReadNeverPasses() {
        // A SUMMARY line with no report the parser can read before it.
        let stderr = "ThreadSanitizer: something new\nSUMMARY: ThreadSanitizer: something new\n"
        var result = ProcessResult(ending: .signalled(SIGKILL), stdout: "\(m)hello\n", stderr: stderr, seconds: 0.2)
        result.stoppedEarly = true
        let outcome = judge(result, transcript: expected, root: "/nowhere", cap: 1 << 20, ownLinesAllowed: true)
        XCTAssertFalse(outcome.passed, "stopped at a report: never a pass")
        XCTAssertTrue(outcome.problems.first?.description.contains("something new") == true, "\(outcome.problems)")
    }
}
