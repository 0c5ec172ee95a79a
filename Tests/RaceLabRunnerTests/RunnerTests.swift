import Foundation
import XCTest

import RaceLabKit
@testable import RaceLabRunner

/// The runner's commands on a workspace made up in a temporary folder: discovery, bad input, reset.
final class RunnerTests: ExerciseWorkspaceTestCase {
    override var hints: String { "1. a hint" }

    /// Lesson 2 too, with transcripts and no exercise, and a folder in Lessons/ that is not a lesson.
    override func setUpWithError() throws {
        try super.setUpWithError()
        try write("---\n", to: "Lessons/02-dispatch-groups/transcripts/page1.txt")
        try write("---\n", to: "Lessons/02-dispatch-groups/transcripts/page2.txt")
        try FileManager.default.createDirectory(atPath: "\(root)/Lessons/notes", withIntermediateDirectories: true)
    }

    func write(_ text: String, to path: String) throws { try package.write(text, to: path) }

    func read(_ path: String) -> String? { package.read(path) }

    /// On a Mac, C's stdio lock is a mutex ThreadSanitizer sees: a pass with the attendee's own prints
    /// says so; without prints, on a failure, or where the lock is unseen (Linux), nothing is said.
    func testAPassWithOwnPrintsWarnsWhereStdioOrdersThreads() throws {
        let runner = try runner()
        XCTAssertEqual(runner.ownPrintsMayHideRaces(passed: true, ownLines: 3, stdioLockIsSeen: true).count, 2)
        XCTAssertTrue(
            runner.ownPrintsMayHideRaces(passed: true, ownLines: 3, stdioLockIsSeen: true)[0].contains(
                "ThreadSanitizer sees"))
        XCTAssertEqual(runner.ownPrintsMayHideRaces(passed: true, ownLines: 0, stdioLockIsSeen: true), [])
        XCTAssertEqual(runner.ownPrintsMayHideRaces(passed: false, ownLines: 3, stdioLockIsSeen: true), [])
        XCTAssertEqual(runner.ownPrintsMayHideRaces(passed: true, ownLines: 3, stdioLockIsSeen: false), [])
        #if os(Linux)
            XCTAssertFalse(stdioLockIsSeenByTSan, "glibc's stdio lock is its own")
        #endif
    }

    func testDiscoversLessonsTranscriptsAndExercises() throws {
        let workspace = try Workspace.find(from: "\(root)/Lessons/02-dispatch-groups")
        XCTAssertEqual(
            URL(fileURLWithPath: workspace.root).standardizedFileURL.path,
            URL(fileURLWithPath: root).standardizedFileURL.path)
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
        XCTAssertThrowsError(try workspace.lesson(7)) {
            XCTAssertEqual("\($0)", "there is no lesson 7; lessons here: 2, 3")
        }
        XCTAssertThrowsError(try workspace.exercise(2)) {
            XCTAssertEqual("\($0)", "lesson 2 has no exercise; exercises here: 3")
        }
        XCTAssertThrowsError(try workspace.exercise(99)) {
            XCTAssertEqual("\($0)", "there is no exercise 99; exercises here: 3")
        }
        XCTAssertThrowsError(try Workspace.find(from: NSTemporaryDirectory()))
    }

    func testCommandLineMistakesExitWithTwo() {
        XCTAssertEqual(racelabMain(["check", "three"], directory: root), 2)
        XCTAssertEqual(racelabMain(["exercise"], directory: root), 2)
        XCTAssertEqual(racelabMain(["exercise", "9"], directory: root), 2)
        XCTAssertEqual(racelabMain(["frobnicate"], directory: root), 2)
        XCTAssertEqual(racelabMain(["check", "--speed", "0"], directory: root), 2)
        XCTAssertEqual(racelabMain(["--jobs", "2"], directory: root), 2, "racelab alone takes --speed and --seed only")
    }

    /// A slip of the keyboard gets the command it meant; a word that is no slip gets the usage.
    func testAMistypedCommandIsAnsweredWithTheOneItMeant() {
        let commands = [
            "check", "exercise", "hint", "list", "page", "portability", "reset", "stress", "verify", "watch",
        ]
        XCTAssertEqual(nearestCommand(to: "exercize", among: commands), "exercise")
        XCTAssertEqual(nearestCommand(to: "exrecise", among: commands), "exercise", "two letters swapped")
        XCTAssertEqual(nearestCommand(to: "hnit", among: commands), "hint")
        XCTAssertEqual(nearestCommand(to: "Watch", among: commands), "watch")
        XCTAssertEqual(nearestCommand(to: "lsit", among: commands), "list")
        XCTAssertNil(nearestCommand(to: "frobnicate", among: commands))
        XCTAssertNil(nearestCommand(to: "go", among: commands), "a short word is no slip of a long one")
        XCTAssertEqual(editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(racelabMain(["exercize", "3"], directory: root), 2)
    }

    /// Nothing on a command line is ignored: an argument a command does not use is an error.
    func testEveryCommandRejectsWhatItDoesNotUse() {
        for words in [
            ["list", "3"], ["list", "--speed", "2"], ["hint", "3", "--jobs", "2"], ["exercise", "3", "4"],
            ["reset", "3", "--speed", "2"],
            ["exercise", "3", "--yes"], ["check", "3", "--verbose"], ["verify", "--yes"], ["help", "3"],
            ["watch", "3", "--jobs", "2"],
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
            ["check", "2", "--must-fail", "output"], ["check", "2:1", "2:2", "--must-fail", "output"],
            ["check", "--must-fail", "output"],
            ["check", "2:1", "--must-fail", "wrong"], ["check", "2:1", "--must-fail"], ["check", "2:9"],
            ["check", "exercise", "3"],
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
        XCTAssertFalse(
            runner.reportFails("lesson 2 page 1", .success([.output]), passed), "a page that passes did not fail")
        XCTAssertEqual(
            printed.filter { !$0.hasPrefix(" ") }.map { String($0.prefix(4)) }, ["PASS", "FAIL", "FAIL"], "\(printed)")
    }

    func testResetOfAnUneditedExerciseChangesNothing() throws {
        XCTAssertTrue(
            try runner().reset(
                3, confirmed: false,
                ask: {
                    XCTFail("nothing to ask")
                    return nil
                }))
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
        XCTAssertTrue(
            printed.contains { $0.contains("NOT CHECKED: Lessons/03-thread-safety/Exercise/main.swift was edited") },
            "\(printed)")
        XCTAssertFalse(printed.contains { $0.hasPrefix("Building") }, "nothing is built for an edited driver")
        XCTAssertTrue(try runner().reset(3, confirmed: true, ask: { nil }))
        XCTAssertEqual(read("Lessons/03-thread-safety/Exercise/main.swift"), "driver")
        XCTAssertEqual(
            read("Lessons/03-thread-safety/Exercise/Person.swift"), "starter", "the attendee's file was not edited")
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
        let outcome = try runner().run(
            .program("/bin/true", arguments: [], transcript: "Lessons/02-dispatch-groups/transcripts/page9.txt"),
            bin: "/bin")
        XCTAssertFalse(outcome.passed)
    }

    func testARaceIsExplainedWithItsSourceLineQuotedOnce() throws {
        try write(
            "class Person {\n    func f() {\n        self.name = name\n    }\n}\n",
            to: "Lessons/03-thread-safety/Person.swift")
        let side = RaceDescription.Side(
            function: "Person.f", operation: "write", file: "Lessons/03-thread-safety/Person.swift", line: 3)
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
        XCTAssertTrue(
            errors[0].hasPrefix("/work/Lessons/03/Exercise/Person.swift:12:9: error: cannot find 'lock' in scope"))
        XCTAssertTrue(errors[0].contains("12 |         lock.lock()"))
    }
}
