import Foundation
import XCTest

@testable import RaceLabRunner

/// What an attendee sees of their progress and of the hints, on a made-up workspace.
final class ProgressAndHintTests: ExerciseWorkspaceTestCase {
    func testHintsComeOneAtATimeThenAllAgain() throws {
        XCTAssertEqual(
            parseHints("# t\n\n1. Gate the writes\n   and the reads.\n2. Use a queue.\n"),
            ["Gate the writes\nand the reads.", "Use a queue."])
        try runner().hint(3)
        XCTAssertEqual(printed.first, "Hint 1 of 2: Gate the writes\n  and the reads.")
        XCTAssertFalse(printed.joined().contains("Use a queue"), "the second hint waits until asked for")
        try runner().hint(3)
        XCTAssertEqual(printed.first, "Hint 2 of 2: Use a queue.")
        try runner().hint(3)
        XCTAssertTrue(
            printed.contains("Hint 1 of 2: Gate the writes\n  and the reads.")
                && printed.contains("Hint 2 of 2: Use a queue."), "\(printed)")
    }

    func testListShowsEachExercisesStateAndWhatToDoNext() throws {
        let r = try runner()
        let exercise = try r.workspace.exercise(3)
        XCTAssertEqual(r.state(of: exercise, in: Progress.load(root: root)), .notStarted)
        try "my work".write(
            toFile: "\(root)/Lessons/03-thread-safety/Exercise/Person.swift", atomically: true, encoding: .utf8)
        XCTAssertEqual(r.state(of: exercise, in: Progress.load(root: root)), .editedNotChecked)
        r.record(false, for: exercise)
        XCTAssertEqual(r.state(of: exercise, in: Progress.load(root: root)), .notYet)
        r.record(true, for: exercise)
        XCTAssertEqual(r.state(of: exercise, in: Progress.load(root: root)), .passed)
        r.list()
        XCTAssertTrue(printed.contains("          exercise 3: passed"), "\(printed)")
        XCTAssertEqual(printed.last, "Every exercise has passed.")
        try "my work, changed".write(
            toFile: "\(root)/Lessons/03-thread-safety/Exercise/Person.swift", atomically: true, encoding: .utf8)
        XCTAssertEqual(r.state(of: exercise, in: Progress.load(root: root)), .editedSincePassing)
        try runner().list()
        XCTAssertTrue(printed.last?.hasPrefix("Next: exercise 3") == true, "\(printed)")
    }

    func testAnEmptyOrMissingFileIsNamedNotBlamedOnTheDriver() throws {
        let mine = "\(root)/Lessons/03-thread-safety/Exercise/Person.swift"
        try " \n".write(toFile: mine, atomically: true, encoding: .utf8)
        XCTAssertFalse(try runner().exercise(3))
        XCTAssertTrue(
            printed.contains("NOT CHECKED: your file Lessons/03-thread-safety/Exercise/Person.swift is empty."),
            "\(printed)")
        XCTAssertTrue(printed.contains { $0.contains("swift run racelab reset 3") })
        try FileManager.default.removeItem(atPath: mine)
        XCTAssertFalse(try runner().exercise(3))
        XCTAssertTrue(printed.contains { $0.contains("Person.swift is missing") }, "\(printed)")
        XCTAssertFalse(printed.contains { $0.hasPrefix("Building") }, "nothing is built")
    }
}
