import Foundation
import RaceLabContract
import RaceLabKit
import XCTest

@testable import RaceLabRunner

/// A driver's hand-over marks: the runner knows their type by name, and tells the program not to look
/// at them where the attendee's code awaits (a continuation resumed before its await is a hand-over
/// ThreadSanitizer cannot see).
final class HandoverMarkTests: ExerciseWorkspaceTestCase {
    func testTheRunnerKnowsTheMarksTypeByItsName() {
        XCTAssertEqual(String(describing: HandoverMark.self), HandoverMarkName.type)
    }

    func testMarksAreUnjudgedOnlyWhereTheAttendeesCodeAwaits() throws {
        let folder = "Lessons/03-thread-safety/Exercise"
        let file = "\(root)/\(folder)/Person.swift"
        XCTAssertFalse(try runner().awaits(exercise: 3, in: folder), "the starter awaits nothing")
        try "func f() async { await g() }\n".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertTrue(try runner().awaits(exercise: 3, in: folder))
        try "// no await here\nlet awaited = 1\n".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertFalse(try runner().awaits(exercise: 3, in: folder), "a comment, or a longer word, is not an await")
        try "await start()\n".write(toFile: "\(root)/\(folder)/main.swift", atomically: true, encoding: .utf8)
        XCTAssertFalse(try runner().awaits(exercise: 3, in: folder), "the driver's main.swift is not theirs")
        let environment = runEnvironment(more: [HandoverMarkName.unjudged: "1"])
        XCTAssertEqual(environment[HandoverMarkName.unjudged], "1")
        XCTAssertNil(runEnvironment()[HandoverMarkName.unjudged])
    }

    /// A file that uses Synchronization's Mutex is named so to its program (on Linux: exercise 15 then
    /// leaves out the round that contends its locks on purpose); a comment or a longer word is not a use.
    func testAFileThatUsesAMutexIsNamedSo() throws {
        let folder = "Lessons/03-thread-safety/Exercise"
        let file = "\(root)/\(folder)/Person.swift"
        XCTAssertFalse(try runner().usesMutex(exercise: 3, in: folder))
        try "let names = Mutex([String]())\n".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertTrue(try runner().usesMutex(exercise: 3, in: folder))
        try "// a Mutex would do\nlet MutexLike = 1\n".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertFalse(try runner().usesMutex(exercise: 3, in: folder))
        XCTAssertNil(runEnvironment()[MutexInTheirCode.variable], "the runner's to say, not the shell's")
    }
}
