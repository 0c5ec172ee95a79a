import Foundation
import XCTest

import RaceLabKit
@testable import RaceLabRunner

/// The runner's commands on a workspace made up in a temporary folder: discovery, bad input, reset.
final class RunnerTests: XCTestCase {
    var package: TemporaryPackage!
    var root: String { package.root }
    var printed: [String] = []

    override func setUpWithError() throws {
        package = try TemporaryPackage([
            "Package.swift": "// swift-tools-version:5.9",
            "Lessons/02-dispatch-groups/transcripts/page1.txt": "---\n",
            "Lessons/02-dispatch-groups/transcripts/page2.txt": "---\n",
            "Lessons/03-thread-safety/Exercise/expected.txt": "verdict: clean\n---\n",
            "Lessons/03-thread-safety/Exercise/hint.md": "1. a hint",
            "Lessons/03-thread-safety/Exercise/Referee/Starter/Person.swift": "starter",
            "Lessons/03-thread-safety/Exercise/Referee/Starter/main.swift": "driver",
            "Lessons/03-thread-safety/Exercise/Person.swift": "starter",
            "Lessons/03-thread-safety/Exercise/main.swift": "driver",
        ])
        try FileManager.default.createDirectory(atPath: "\(root)/Lessons/notes", withIntermediateDirectories: true)
    }

    override func tearDown() { package.remove() }

    func write(_ text: String, to path: String) throws { try package.write(text, to: path) }

    func read(_ path: String) -> String? { package.read(path) }

    func runner() throws -> Runner {
        Runner(workspace: try Workspace(root: root), print: { self.printed.append($0) })
    }

    /// On a Mac, C's stdio lock is a mutex ThreadSanitizer sees: a pass with the attendee's own prints
    /// says so; without prints, on a failure, or where the lock is unseen (Linux), nothing is said.
    func testAPassWithOwnPrintsWarnsWhereStdioOrdersThreads() throws {
        let runner = try runner()
        XCTAssertEqual(runner.ownPrintsMayHideRaces(passed: true, ownLines: 3, stdioLockIsSeen: true).count, 2)
        XCTAssertTrue(runner.ownPrintsMayHideRaces(passed: true, ownLines: 3, stdioLockIsSeen: true)[0].contains("ThreadSanitizer sees"))
        XCTAssertEqual(runner.ownPrintsMayHideRaces(passed: true, ownLines: 0, stdioLockIsSeen: true), [])
        XCTAssertEqual(runner.ownPrintsMayHideRaces(passed: false, ownLines: 3, stdioLockIsSeen: true), [])
        XCTAssertEqual(runner.ownPrintsMayHideRaces(passed: true, ownLines: 3, stdioLockIsSeen: false), [])
        #if os(Linux)
            XCTAssertFalse(stdioLockIsSeenByTSan, "glibc's stdio lock is its own")
        #endif
    }

    func testDiscoversLessonsTranscriptsAndExercises() throws {
        let workspace = try Workspace.find(from: "\(root)/Lessons/02-dispatch-groups")
        XCTAssertEqual(URL(fileURLWithPath: workspace.root).standardizedFileURL.path, URL(fileURLWithPath: root).standardizedFileURL.path)
        XCTAssertEqual(workspace.lessons.map(\.number), [2, 3], "a folder without a number is not a lesson")
        XCTAssertEqual(workspace.lessons[0].transcripts.keys.sorted(), [1, 2])
        XCTAssertNil(workspace.lessons[0].exercise)
        let exercise = try workspace.exercise(3)
        XCTAssertEqual(exercise.attendeeFiles, ["Person.swift"], "main.swift is the driver, not the attendee's")
        XCTAssertEqual(exercise.product, "exercise3")
        XCTAssertEqual(exercise.starter.product, "exercise3-starter")
        XCTAssertEqual(exercise.refereeVariants.map(\.label), ["exercise 3 solution", "exercise 3 starter"])
    }

    func testUnknownNumbersGetAClearError() throws {
        let workspace = try Workspace(root: root)
        XCTAssertThrowsError(try workspace.lesson(7)) { XCTAssertEqual("\($0)", "there is no lesson 7; lessons here: 2, 3") }
        XCTAssertThrowsError(try workspace.exercise(2)) { XCTAssertEqual("\($0)", "lesson 2 has no exercise; exercises here: 3") }
        XCTAssertThrowsError(try Workspace.find(from: NSTemporaryDirectory()))
    }

    func testCommandLineMistakesExitWithTwo() {
        XCTAssertEqual(racelabMain(["check", "three"], directory: root), 2)
        XCTAssertEqual(racelabMain(["exercise"], directory: root), 2)
        XCTAssertEqual(racelabMain(["exercise", "9"], directory: root), 2)
        XCTAssertEqual(racelabMain(["frobnicate"], directory: root), 2)
        XCTAssertEqual(racelabMain(["check", "--speed", "0"], directory: root), 2)
        XCTAssertEqual(racelabMain([], directory: root), 2)
    }

    /// Nothing on a command line is ignored: an argument a command does not use is an error.
    func testEveryCommandRejectsWhatItDoesNotUse() {
        for words in [
            ["list", "3"], ["list", "--speed", "2"], ["hint", "3", "--jobs", "2"], ["exercise", "3", "4"], ["reset", "3", "--speed", "2"],
            ["exercise", "3", "--yes"], ["check", "3", "--verbose"], ["verify", "--yes"], ["help", "3"], ["watch", "3", "--jobs", "2"],
            ["verify", "twelve"],
        ] {
            XCTAssertEqual(racelabMain(words, directory: root), 2, "\(words)")
        }
        XCTAssertEqual(racelabMain(["help"], directory: root), 0)
        XCTAssertEqual(racelabMain(["verify", "7"], directory: root), 2, "no lesson 7: a clear error, not everything")
    }

    /// `check N:P --must-fail F` (scripts/mutants): one page, broken on purpose, must fail as F says,
    /// written as a `// must fail:` line is. What it cannot judge is refused before anything builds.
    func testCheckMustFailTakesOnePageAndADocumentedFailure() throws {
        for words in [
            ["check", "2", "--must-fail", "output"], ["check", "2:1", "2:2", "--must-fail", "output"], ["check", "--must-fail", "output"],
            ["check", "2:1", "--must-fail", "wrong"], ["check", "2:1", "--must-fail"], ["check", "2:9"], ["check", "exercise", "3"],
            ["verify", "--must-fail", "output"],
        ] {
            XCTAssertEqual(racelabMain(words, directory: root), 2, "\(words)")
        }
        let runner = try runner()
        let mismatch = OutputMismatch(outputLine: 1, actual: "moon", transcriptLine: 1, expected: "world")
        let wrongOutput = RunOutcome(problems: [.output(mismatch)], races: [], seconds: 0, stdout: "moon")
        XCTAssertTrue(runner.reportFails("lesson 2 page 1", .success([.output]), wrongOutput))
        XCTAssertFalse(runner.reportFails("lesson 2 page 1", .success([.race("Person.changeName")]), wrongOutput))
        let passed = RunOutcome(problems: [], races: [], seconds: 0, stdout: "world")
        XCTAssertFalse(runner.reportFails("lesson 2 page 1", .success([.output]), passed), "a page that passes did not fail")
        XCTAssertEqual(printed.filter { !$0.hasPrefix(" ") }.map { String($0.prefix(4)) }, ["PASS", "FAIL", "FAIL"], "\(printed)")
    }

    func testResetOfAnUneditedExerciseChangesNothing() throws {
        XCTAssertTrue(try runner().reset(3, confirmed: false, ask: { XCTFail("nothing to ask"); return nil }))
        XCTAssertEqual(read("Lessons/03-thread-safety/Exercise/Person.swift"), "starter")
    }

    func testResetAsksAndChangesNothingWithoutAYes() throws {
        try write("my work", to: "Lessons/03-thread-safety/Exercise/Person.swift")
        XCTAssertFalse(try runner().reset(3, confirmed: false, ask: { "n" }))
        XCTAssertFalse(try runner().reset(3, confirmed: false, ask: { nil }), "no answer (no terminal) is a no")
        XCTAssertEqual(read("Lessons/03-thread-safety/Exercise/Person.swift"), "my work")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(root)/Backups"))
    }

    func testResetKeepsABackupOfTheAttendeesWork() throws {
        try write("my work", to: "Lessons/03-thread-safety/Exercise/Person.swift")
        XCTAssertTrue(try runner().reset(3, confirmed: false, ask: { "y" }))
        XCTAssertEqual(read("Lessons/03-thread-safety/Exercise/Person.swift"), "starter")
        let backups = try FileManager.default.contentsOfDirectory(atPath: "\(root)/Backups")
        XCTAssertEqual(backups.count, 1)
        XCTAssertTrue(backups[0].hasPrefix("exercise3-"))
        XCTAssertEqual(read("Backups/\(backups[0])/Person.swift"), "my work")
    }

    func testAnEditedDriverIsNamedBeforeAnythingIsBuiltAndResetPutsItBack() throws {
        try write("driver, wrapped in a lock", to: "Lessons/03-thread-safety/Exercise/main.swift")
        XCTAssertFalse(try runner().exercise(3))
        XCTAssertTrue(printed.contains { $0.contains("NOT CHECKED: Lessons/03-thread-safety/Exercise/main.swift was edited") }, "\(printed)")
        XCTAssertFalse(printed.contains { $0.hasPrefix("Building") }, "nothing is built for an edited driver")
        XCTAssertTrue(try runner().reset(3, confirmed: true, ask: { nil }))
        XCTAssertEqual(read("Lessons/03-thread-safety/Exercise/main.swift"), "driver")
        XCTAssertEqual(read("Lessons/03-thread-safety/Exercise/Person.swift"), "starter", "the attendee's file was not edited")
    }

    func testResetRestoresADeletedFileAndTwoResetsInOneSecondBothKeepBackups() throws {
        try FileManager.default.removeItem(atPath: "\(root)/Lessons/03-thread-safety/Exercise/Person.swift")
        XCTAssertTrue(try runner().reset(3, confirmed: true, ask: { nil }))
        XCTAssertEqual(read("Lessons/03-thread-safety/Exercise/Person.swift"), "starter")
        for work in ["first", "second"] {
            try write(work, to: "Lessons/03-thread-safety/Exercise/Person.swift")
            XCTAssertTrue(try runner().reset(3, confirmed: true, ask: { nil }))
        }
        let backups = try FileManager.default.contentsOfDirectory(atPath: "\(root)/Backups")
        XCTAssertEqual(Set(backups.compactMap { read("Backups/\($0)/Person.swift") }), ["first", "second"])
    }

    func testMissingTranscriptIsAFailureNotASkip() throws {
        let outcome = try runner().run(.program("/bin/true", arguments: [], transcript: "Lessons/02-dispatch-groups/transcripts/page9.txt"), bin: "/bin")
        XCTAssertFalse(outcome.passed)
    }

    func testARaceIsExplainedWithItsSourceLineQuotedOnce() throws {
        try write("class Person {\n    func f() {\n        self.name = name\n    }\n}\n", to: "Lessons/03-thread-safety/Person.swift")
        let side = RaceDescription.Side(function: "Person.f", operation: "write", file: "Lessons/03-thread-safety/Person.swift", line: 3)
        let race = RaceDescription(kind: "data race", sides: [side, side])
        let lines = try runner().explain(.unexpectedRace(race, count: 2)).split(separator: "\n")
        XCTAssertEqual(lines.count, 2, "the same place is quoted once: \(lines)")
        XCTAssertEqual(lines[1], "  Lessons/03-thread-safety/Person.swift:3:  self.name = name")
    }

    func testCompilerErrorsAreExtractedWithTheirSource() {
        let log = """
            [3/9] Compiling exercise3 Person.swift
            /work/Lessons/03/Exercise/Person.swift:12:9: error: cannot find 'lock' in scope
             10 |     func changeName() {
             12 |         lock.lock()
                |         `- error: cannot find 'lock' in scope
            [4/9] Compiling exercise3 main.swift
            error: fatalError
            """
        let errors = Builder.errors(in: log)
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors[0].hasPrefix("/work/Lessons/03/Exercise/Person.swift:12:9: error: cannot find 'lock' in scope"))
        XCTAssertTrue(errors[0].contains("12 |         lock.lock()"))
    }
}

final class FileWatcherTests: XCTestCase {
    func testNoticesASaveAndNothingElse() throws {
        let path = NSTemporaryDirectory() + "watch-\(UUID().uuidString).swift"
        try "one".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var watcher = FileWatcher(paths: [path])
        XCTAssertFalse(watcher.changed())
        try "two, longer".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertTrue(watcher.changed())
        XCTAssertFalse(watcher.changed(), "a change is reported once")
        try FileManager.default.removeItem(atPath: path)
        XCTAssertTrue(watcher.changed(), "a deleted file is a change too")
    }
}

/// What an attendee sees of their progress and of the hints, on a made-up workspace.
final class ProgressAndHintTests: XCTestCase {
    var package: TemporaryPackage!
    var root: String { package.root }
    var printed: [String] = []

    override func setUpWithError() throws {
        package = try TemporaryPackage([
            "Package.swift": "// swift-tools-version:5.9",
            "Lessons/03-thread-safety/Exercise/expected.txt": "verdict: clean\n---\n",
            "Lessons/03-thread-safety/Exercise/hint.md": "# Exercise 3 hints\n\n1. Gate the writes\n   and the reads.\n2. Use a queue.\n",
            "Lessons/03-thread-safety/Exercise/Referee/Starter/Person.swift": "starter",
            "Lessons/03-thread-safety/Exercise/Referee/Starter/main.swift": "driver",
            "Lessons/03-thread-safety/Exercise/Person.swift": "starter",
            "Lessons/03-thread-safety/Exercise/main.swift": "driver",
        ])
    }

    override func tearDown() { package.remove() }

    func runner() throws -> Runner {
        printed = []
        return Runner(workspace: try Workspace(root: root), print: { self.printed.append($0) })
    }

    func testHintsComeOneAtATimeThenAllAgain() throws {
        XCTAssertEqual(parseHints("# t\n\n1. Gate the writes\n   and the reads.\n2. Use a queue.\n"), ["Gate the writes\nand the reads.", "Use a queue."])
        try runner().hint(3)
        XCTAssertEqual(printed.first, "Hint 1 of 2: Gate the writes\n  and the reads.")
        XCTAssertFalse(printed.joined().contains("Use a queue"), "the second hint waits until asked for")
        try runner().hint(3)
        XCTAssertEqual(printed.first, "Hint 2 of 2: Use a queue.")
        try runner().hint(3)
        XCTAssertTrue(printed.contains("Hint 1 of 2: Gate the writes\n  and the reads.") && printed.contains("Hint 2 of 2: Use a queue."), "\(printed)")
    }

    func testListShowsEachExercisesStateAndWhatToDoNext() throws {
        let r = try runner()
        let exercise = try r.workspace.exercise(3)
        XCTAssertEqual(r.state(of: exercise, in: Progress.load(root: root)), .notStarted)
        try "my work".write(toFile: "\(root)/Lessons/03-thread-safety/Exercise/Person.swift", atomically: true, encoding: .utf8)
        XCTAssertEqual(r.state(of: exercise, in: Progress.load(root: root)), .editedNotChecked)
        r.record(false, for: exercise)
        XCTAssertEqual(r.state(of: exercise, in: Progress.load(root: root)), .notYet)
        r.record(true, for: exercise)
        XCTAssertEqual(r.state(of: exercise, in: Progress.load(root: root)), .passed)
        r.list()
        XCTAssertTrue(printed.contains("          exercise 3: passed"), "\(printed)")
        XCTAssertEqual(printed.last, "Every exercise has passed.")
        try "my work, changed".write(toFile: "\(root)/Lessons/03-thread-safety/Exercise/Person.swift", atomically: true, encoding: .utf8)
        XCTAssertEqual(r.state(of: exercise, in: Progress.load(root: root)), .editedSincePassing)
        try runner().list()
        XCTAssertTrue(printed.last?.hasPrefix("Next: exercise 3") == true, "\(printed)")
    }

    func testAnEmptyOrMissingFileIsNamedNotBlamedOnTheDriver() throws {
        let mine = "\(root)/Lessons/03-thread-safety/Exercise/Person.swift"
        try " \n".write(toFile: mine, atomically: true, encoding: .utf8)
        XCTAssertFalse(try runner().exercise(3))
        XCTAssertTrue(printed.contains("NOT CHECKED: your file Lessons/03-thread-safety/Exercise/Person.swift is empty."), "\(printed)")
        XCTAssertTrue(printed.contains { $0.contains("swift run racelab reset 3") })
        try FileManager.default.removeItem(atPath: mine)
        XCTAssertFalse(try runner().exercise(3))
        XCTAssertTrue(printed.contains { $0.contains("Person.swift is missing") }, "\(printed)")
        XCTAssertFalse(printed.contains { $0.hasPrefix("Building") }, "nothing is built")
    }

    func testAMutexInTheAttendeesCodeIsRecognised() {
        XCTAssertTrue(names("Mutex", in: "import Synchronization\nlet count = Mutex(0)"))
        XCTAssertTrue(names("Mutex", in: "    private let lock = Mutex<Int>(0)"))
        XCTAssertFalse(names("Mutex", in: "// a Mutex would do, but TSan misreads it\nlet lock = NSLock()"))
        XCTAssertFalse(names("Mutex", in: "let myMutexLike = NSLock()"))
    }

    /// SwiftPM caches the manifest by its text and environment; the builder puts the layout of
    /// Lessons/ in the environment, so a new folder (a new wrong fix) is a new key, and an edit is not.
    func testTheLayoutKeyChangesWithAFolderNotWithAnEdit() throws {
        let before = Builder.layout(of: "\(root)/Lessons")
        try package.write("edited", to: "Lessons/03-thread-safety/Exercise/Person.swift")
        XCTAssertEqual(Builder.layout(of: "\(root)/Lessons"), before, "an edit changes no target")
        try package.write("// must fail: output", to: "Lessons/03-thread-safety/Exercise/Referee/WrongFixes/new/Person.swift")
        XCTAssertNotEqual(Builder.layout(of: "\(root)/Lessons"), before, "a new wrong fix is a new target")
    }

    /// A check skips the build only while the stamp vouches for the binary: same inputs, same binary.
    func testTheBuildStampVouchesOnlyForUnchangedInputsAndBinary() throws {
        let exercise = try Workspace(root: root).exercise(3)
        let subject = Subject.exercise(exercise.attendee, of: exercise)
        try package.write("library", to: "Sources/RaceLabKit/Library.swift")
        try package.write("support", to: "Lessons/03-thread-safety/Support/Support.swift")
        let stamp = BuildStamp(root: root, scratch: "\(root)/.build-tsan", product: exercise.product, sources: subject.sources)
        let before = stamp.fingerprint()
        XCTAssertEqual(stamp.fingerprint(), before, "nothing changed")
        XCTAssertNil(stamp.binPath(ifFingerprint: before), "no stamp yet")
        let bin = "\(root)/.build-tsan/debug"
        try package.write("binary", to: ".build-tsan/debug/\(exercise.product)")
        stamp.record(fingerprint: before, binPath: bin)
        XCTAssertEqual(stamp.binPath(ifFingerprint: before), bin)
        for (path, text) in [
            ("Lessons/03-thread-safety/Exercise/Person.swift", "the attendee saved"),
            ("Lessons/03-thread-safety/Support/Support.swift", "support changed"),
            ("Sources/RaceLabKit/Library.swift", "library changed"),
            ("Package.swift", "// swift-tools-version:5.10"),
            ("Lessons/03-thread-safety/Exercise/Extra.swift", "a new file"),
        ] {
            let old = package.read(path)
            try package.write(text, to: path)
            XCTAssertNil(stamp.binPath(ifFingerprint: stamp.fingerprint()), "\(path) changed: build")
            if let old { try package.write(old, to: path) } else { try FileManager.default.removeItem(atPath: "\(root)/\(path)") }
        }
        XCTAssertEqual(stamp.binPath(ifFingerprint: stamp.fingerprint()), bin, "all put back as it was")
        let later = Date().addingTimeInterval(5)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: "\(bin)/\(exercise.product)")
        XCTAssertNil(stamp.binPath(ifFingerprint: before), "the binary was built again since: build")
    }

    /// A hang behind a continuation nobody resumed: the verdict quotes the Swift runtime's warning from
    /// stderr. A crash's stderr lines are cut to 300 characters (a value resumed twice is printed whole).
    func testAHangNamesALeakedContinuationAndCrashLinesAreShort() throws {
        let said = "[ 5.01s] " + Watchdog.line("the rounds", 5)
        let leak = "SWIFT TASK CONTINUATION MISUSE: fetch() leaked its continuation without resuming it. This may cause tasks waiting on it to remain suspended forever."
        let run = ProcessResult(ending: .exited(0), stdout: "[ 0.00s] started\n\(said)\n", stderr: leak + "\n", seconds: 1)
        let hung = judge(run, transcript: try Transcript(parsing: "---\n[{{~0s}}] started\n[{{~1s}}] finished\n"), root: root, cap: 1 << 16)
        XCTAssertTrue(hung.problems[0].description.contains("the Swift runtime said: " + leak), "\(hung.problems[0])")
        let silent = judge(ProcessResult(ending: .exited(0), stdout: "[ 0.00s] started\n\(said)\n", stderr: "", seconds: 1),
            transcript: try Transcript(parsing: "---\n[{{~0s}}] started\n[{{~1s}}] finished\n"), root: root, cap: 1 << 16)
        XCTAssertFalse(silent.problems[0].description.contains("the Swift runtime said"))
        let twice = "Fatal error: SWIFT TASK CONTINUATION MISUSE: image(named:) tried to resume its continuation more than once, returning " + String(repeating: "0, ", count: 4096)
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
        let hung = judge(run, transcript: try Transcript(parsing: "---\n[{{~0s}}] started\n[{{~1s}}] finished: 66\n"), root: root, cap: 1 << 16)
        XCTAssertEqual(hung.problems.first?.kind, .hang, "\(hung.problems)")
        XCTAssertTrue(hung.problems.contains { $0.isCase(.output) } && hung.problems.contains { $0.isCase(.timeout) })
        XCTAssertTrue(hung.problems[0].description.hasPrefix("it hangs: the watchdog gave up (SlowAddOperation still not finished"))
        let expected = judge(run, transcript: try Transcript(parsing: "---\n[{{~0s}}] started\n[{{~5s}}] watchdog: {{.*}}\n"), root: root, cap: 1 << 16)
        XCTAssertTrue(expected.passed, "\(expected.problems)")
    }

    func testARemovedDependencyInTheAttendeesCodeIsRecognised() {
        XCTAssertTrue(names("removeDependency", in: "schedule.removeDependency(news)"))
        XCTAssertFalse(names("removeDependency", in: "// removeDependency does not help on Linux\nschedule.addDependency(login)"))
        XCTAssertFalse(names("removeDependency", in: "let removeDependencyCount = 0"))
    }

    /// A Linux note is said for the failure it causes, of code that uses it, and for nothing else.
    func testALinuxNoteAppliesToItsFailureOnly() {
        let crashed = RunOutcome(problems: [.crashed(signal: 4, stderrTail: [])], races: [], seconds: 1, stdout: "")
        let late = RunOutcome(problems: [.message("late")], races: [], seconds: 1, stdout: "")
        let conditionLock = "let gate = NSConditionLock(condition: 0)"
        XCTAssertEqual(LinuxNote.applying(to: crashed, sources: [conditionLock]).map(\.name), ["NSConditionLock"])
        XCTAssertTrue(LinuxNote.applying(to: late, sources: [conditionLock]).isEmpty, "not a crash")
        XCTAssertTrue(LinuxNote.applying(to: crashed, sources: ["let lock = NSLock()"]).isEmpty, "not used")
        XCTAssertEqual(LinuxNote.applying(to: late, sources: ["a.removeDependency(b)"]).map(\.name), ["removeDependency"])
    }
}
