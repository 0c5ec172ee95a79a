import Foundation
import XCTest

@testable import RaceLabRunner

/// A clock in the attendee's code, where the task bounds nothing, fails a run that passed, at its line.
final class UnboundedClauseTests: XCTestCase {
    var package: TemporaryPackage!

    override func setUpWithError() throws {
        package = try TemporaryPackage(["Package.swift": "// swift-tools-version:5.9"])
        for (folder, file) in [("12-swift6", "FavoriteEventsController.swift"), ("11-object-lifecycle", "Busy.swift")] {
            try package.write("verdict: clean\n---\n", to: "Lessons/\(folder)/Exercise/expected.txt")
            try package.write("# hints\n\n1. Wait for the answer.\n", to: "Lessons/\(folder)/Exercise/hint.md")
            try package.write("starter", to: "Lessons/\(folder)/Exercise/Referee/Starter/\(file)")
            try package.write("driver", to: "Lessons/\(folder)/Exercise/Referee/Starter/main.swift")
            try package.write("driver", to: "Lessons/\(folder)/Exercise/main.swift")
        }
    }

    override func tearDown() { package.remove() }

    /// Exercise `number` judged with `code` as the attendee's file `file`, after a run that passed.
    func judged(_ code: String, exercise number: Int = 12, file: String = "FavoriteEventsController.swift")
        throws -> RunOutcome
    {
        let runner = Runner(workspace: try Workspace(root: package.root), print: { _ in })
        let exercise = try runner.workspace.exercise(number)
        try code.write(toFile: "\(package.root)/\(exercise.folder)/\(file)", atomically: true, encoding: .utf8)
        let passed = RunOutcome(problems: [], races: [], seconds: 1, stdout: "")
        return runner.judgedByWhatItUses(passed, exercise, folder: exercise.folder)
    }

    func testTheClocksAttendeesReachForAreFound() {
        let found: [(String, String)] = [
            ("        try await Task.sleep(for: .seconds(5))", "sleep"),
            ("if Date().timeIntervalSince(stored) > 3600 {", "Date"),
            ("DispatchQueue.main.asyncAfter(deadline: .now() + 60) { complete() }", "asyncAfter"),
            ("_ = semaphore.wait(timeout: .now() + 5)", "timeout"),
            ("let started = ContinuousClock.now", "ContinuousClock"),
            ("usleep(5_000)", "usleep"),
            ("let answer = try await withTimeout(seconds: 5) { await catalog.isBookable(event) }", "withTimeout"),
            ("let source = DispatchSource.makeTimerSource(queue: .main)", "makeTimerSource"),
            ("Thread.sleep(forTimeInterval: 0.01)", "sleep"),
            ("let started = .now()", "now"),
            ("if SuspendingClock.Instant.now > expiry { return nil }", "SuspendingClock"),
            ("let moment = Instant.now", "now"),
            ("getrusage(RUSAGE_SELF, &usage)", "getrusage"),
            ("let start = mach_absolute_time()", "mach_absolute_time"),
            ("_ = poll(nil, 0, 1000)", "poll"),
            ("_ = select(0, nil, nil, nil, &tv)", "select"),
            ("let started = time(nil)", "time"),
            ("sysinfo(&info); let up = info.uptime", "sysinfo"),
            ("pthread_cond_timedwait(&condition, &mutex, &until)", "pthread_cond_timedwait"),
            ("String(contentsOfFile: \"/proc/uptime\")", "/proc/uptime"),  // portable: code, not read
        ]
        for (code, word) in found {
            XCTAssertEqual(UnboundedClause.clock(in: code), word, code)
        }
    }

    func testWhatSetsNoBoundIsNotAClock() {
        for code in [
            "print(\"sleep well, the timeout is over\")", "group.wait(timeout: .distantFuture)",
            "private var images: [String: Image] = [:]", "await Task.yield()", "let nowShowing = items",
            "group.notify(queue: .main) { completion(texts) }",
            "let now = lock.withLock { texts.map { $0 ?? \"\" } }", "completion(now)",
            "let time = item.latency", "rows.select(item)", "func poll(_ queue: Queue) {", "let elapsedTime = 0",
            "print(\"proc/uptimes are not read here\")",
        ] {
            XCTAssertNil(UnboundedClause.clock(in: code), code)
        }
    }

    func testASleepFailsExercise12AtItsLineWithTheTasksWords() throws {
        let outcome = try judged(
            "actor Controller {\n    // no sleep here\n    func add() async {\n"
                + "        try? await Task.sleep(for: .seconds(5))\n    }\n}\n")
        XCTAssertFalse(outcome.passed)
        let said = outcome.problems.map { "\($0)" }.joined(separator: "\n")
        XCTAssertTrue(said.hasPrefix("your code uses a clock (`sleep`)"), said)
        XCTAssertTrue(said.contains("<- `add` waits for the catalog's answer however long it takes"), said)
        XCTAssertTrue(
            said.contains(
                "where: Lessons/12-swift6/Exercise/FavoriteEventsController.swift:4, `try? await Task.sleep(for: .seconds(5))`"
            ), said)
        XCTAssertTrue(outcome.problems.first?.isCase(.output) == true, "a wrong fix with it must fail: output")
    }

    func testAFileWithoutAClockOrAnExerciseWithoutTheClauseKeepsThePass() throws {
        XCTAssertTrue(
            try judged("actor Controller {\n    // a timeout would be wrong\n    var events: [Int] = []\n}\n").passed)
        XCTAssertTrue(try judged("let t = Date()\n", exercise: 11, file: "Busy.swift").passed)
    }
}
