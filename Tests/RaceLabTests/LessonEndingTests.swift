import Foundation
import XCTest

@testable import RaceLabKit

/// A lesson played whole ends by naming its exercise and the next lesson, read from its folder.
final class LessonEndingTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "racelab-ending-\(UUID().uuidString)"
        let files = [
            "Lessons/03-thread-safety/main.swift": "",
            "Lessons/03-thread-safety/Exercise/main.swift": "// Exercise 9: not the task, the driver.",
            "Lessons/03-thread-safety/Exercise/Person.swift":
                "import Foundation\n\n// Exercise 3: make Person thread-safe. More.\n",
            "Lessons/04-synchronization/README.md": "# Lesson 4 — Synchronization and its hazards\n\nText.\n",
            "Lessons/04-synchronization/main.swift": "",
        ]
        for (path, text) in files {
            let url = URL(fileURLWithPath: "\(root)/\(path)")
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    func testALessonNamesItsExerciseAndTheNextLesson() {
        XCTAssertEqual(
            LessonEnding.lines(mainFile: "\(root)/Lessons/03-thread-safety/main.swift"),
            [
                "", "== End of lesson 3 ==",
                "Next: exercise 3, make Person thread-safe (in Lessons/03-thread-safety/Exercise/Person.swift):",
                "  swift run racelab exercise 3     or swift run racelab, which leads the way",
                "Then Lesson 4 — Synchronization and its hazards: swift run lesson4",
            ])
    }

    func testTheLastLessonWithoutAnExerciseSaysSo() {
        XCTAssertEqual(
            LessonEnding.lines(mainFile: "\(root)/Lessons/04-synchronization/main.swift"),
            ["", "== End of lesson 4 ==", "That was the last lesson."])
    }

    func testAProgramOutsideTheLessonsSaysNothing() {
        XCTAssertEqual(LessonEnding.lines(mainFile: "\(root)/Tests/Fixtures/racelab-fixture/main.swift"), [])
        XCTAssertEqual(LessonEnding.lines(mainFile: "/nowhere/Lessons/xx-name/main.swift"), [])
    }
}
