import Foundation
import XCTest

@testable import RaceLabRunner

/// A type whose promise an exercise's task does not take fails a run that passed, at its line.
final class UnkeptPromiseTests: XCTestCase {
    var package: TemporaryPackage!

    override func setUpWithError() throws {
        package = try TemporaryPackage([
            "Package.swift": "// swift-tools-version:5.9",
            "Lessons/13-actors/Exercise/expected.txt": "verdict: clean\n---\n",
            "Lessons/13-actors/Exercise/hint.md": "# Exercise 13 hints\n\n1. Keep a task an image.\n",
            "Lessons/13-actors/Exercise/Referee/Starter/ImageCache.swift": "starter",
            "Lessons/13-actors/Exercise/Referee/Starter/main.swift": "driver",
            "Lessons/13-actors/Exercise/main.swift": "driver",
        ])
    }

    override func tearDown() { package.remove() }

    /// Exercise 13 judged with `cache` as the attendee's file, after a run that passed.
    func judged(_ cache: String) throws -> RunOutcome {
        try cache.write(
            toFile: "\(package.root)/Lessons/13-actors/Exercise/ImageCache.swift", atomically: true, encoding: .utf8)
        let runner = Runner(workspace: try Workspace(root: package.root), print: { _ in })
        let exercise = try runner.workspace.exercise(13)
        let passed = RunOutcome(problems: [], races: [], seconds: 1, stdout: "")
        return runner.judgedByWhatItUses(passed, exercise, folder: exercise.folder)
    }

    func testAnNSCacheFailsExercise13AtTheLineThatUsesIt() throws {
        let outcome = try judged(
            "actor ImageCache {\n    // NSCache would forget\n    private let images = NSCache<NSString, Box>()\n}\n")
        XCTAssertFalse(outcome.passed)
        let said = outcome.problems.map { "\($0)" }.joined(separator: "\n")
        XCTAssertTrue(said.hasPrefix("`NSCache` keeps an image only as long as it likes"), said)
        XCTAssertTrue(said.contains("<- the cache keeps every image it downloaded"), said)
        XCTAssertTrue(
            said.contains("where: Lessons/13-actors/Exercise/ImageCache.swift:3, `private let images = NSCache"), said)
        XCTAssertEqual(outcome.problems.first?.kind, .content)
        XCTAssertTrue(outcome.problems.first?.isCase(.output) == true, "a wrong fix with it must fail: output")
    }

    func testADictionaryOrAnNSCacheInACommentKeepsThePass() throws {
        XCTAssertTrue(try judged("actor ImageCache {\n    private var images: [String: Image] = [:]\n}\n").passed)
        XCTAssertTrue(try judged("// not an NSCache: it forgets\nactor ImageCache {}\n").passed)
    }

    func testAFailedRunIsLeftAsItWas() throws {
        try "let images = NSCache<NSString, Box>()".write(
            toFile: "\(package.root)/Lessons/13-actors/Exercise/ImageCache.swift", atomically: true, encoding: .utf8)
        let runner = Runner(workspace: try Workspace(root: package.root), print: { _ in })
        let exercise = try runner.workspace.exercise(13)
        let failed = RunOutcome(problems: [.message("late")], races: [], seconds: 1, stdout: "")
        XCTAssertEqual(runner.judgedByWhatItUses(failed, exercise, folder: exercise.folder).problems.count, 1)
    }
}
