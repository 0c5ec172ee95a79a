import Foundation
import XCTest

@testable import RaceLabRunner

/// What the driver and ThreadSanitizer passed, judged further: files the explorer should have played
/// and could not are said to an attendee and fail a maintainer's check; the explorer links only the
/// objects of a module's current sources.
final class BeyondTheRunTests: XCTestCase {
    var package: TemporaryPackage!

    override func setUpWithError() throws {
        package = try TemporaryPackage([
            "Package.swift": "// swift-tools-version:5.9",
            "Lessons/03-thread-safety/Exercise/expected.txt": "verdict: clean\n---\n",
            "Lessons/03-thread-safety/Exercise/hint.md": "# Exercise 3 hints\n\n1. Lock it.\n",
            "Lessons/03-thread-safety/Exercise/Referee/Starter/Person.swift": "starter",
            "Lessons/03-thread-safety/Exercise/Referee/Starter/main.swift": "driver",
            "Lessons/03-thread-safety/Exercise/Referee/Explore/main.swift": "exploreTheirCode { }",
            "Lessons/03-thread-safety/Exercise/main.swift": "driver",
            "Lessons/03-thread-safety/Exercise/Person.swift":
                "final class Person {\n    let lock = NSLock()\n    func name() { lock.lock(); lock.unlock() }\n}\n",
            "bin/RaceLabKit.build/Kept.swift.o": "",
        ])
    }

    override func tearDown() { package.remove() }

    /// Exercise 3's passed run, judged with a build folder the explorer cannot compile against.
    func judged(strict: Bool) throws -> RunOutcome {
        let runner = Runner(workspace: try Workspace(root: package.root), print: { _ in })
        let exercise = try runner.workspace.exercise(3)
        let passed = RunOutcome(problems: [], races: [], seconds: 1, stdout: "")
        return runner.judgedBeyondTheRun(
            passed, exercise, folder: exercise.folder, bin: "\(package.root)/bin", strict: strict)
    }

    func testFilesTheExplorerCouldNotCompileKeepAnAttendeesPassWithAWord() throws {
        let outcome = try judged(strict: false)
        XCTAssertTrue(outcome.passed)
        XCTAssertEqual(outcome.unexplored, "the files did not compile for the explorer")
    }

    func testFilesTheExplorerCouldNotCompileFailAMaintainersCheck() throws {
        let outcome = try judged(strict: true)
        XCTAssertFalse(outcome.passed)
        let said = outcome.problems.map { "\($0)" }.joined(separator: "\n")
        XCTAssertTrue(said.contains("the schedule explorer could not judge Lessons/03-thread-safety/Exercise"), said)
        XCTAssertTrue(said.contains("did not compile for the explorer"), said)
    }

    func testTheExplorerLinksTheObjectsOfTheCurrentSourcesOnly() throws {
        let folder = "\(package.root)/bin/RaceLabKit.build"
        try Data().write(to: URL(fileURLWithPath: "\(folder)/Deleted.swift.o"))
        try
            #"{"": {"swift-dependencies": "\#(folder)/primary.swiftdeps"}, "/src/Kept.swift": {"object": "\#(folder)/Kept.swift.o"}}"#
            .write(toFile: "\(folder)/output-file-map.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(Runner.objects(of: "RaceLabKit", bin: "\(package.root)/bin"), ["\(folder)/Kept.swift.o"])
        // Without a map (a C module), every object in the folder.
        try FileManager.default.removeItem(atPath: "\(folder)/output-file-map.json")
        XCTAssertEqual(
            Runner.objects(of: "RaceLabKit", bin: "\(package.root)/bin"),
            ["\(folder)/Deleted.swift.o", "\(folder)/Kept.swift.o"])
    }
}
