import Foundation
import XCTest

@testable import RaceLabRunner

/// One source of truth for the exercises' variants: how each must fail is read from its own file; the
/// consistency check finds every disagreement between folders, manifest and copies; a program that is
/// not what its sources say is never judged.
final class VariantTests: XCTestCase {
    var package: TemporaryPackage!
    var root: String { package.root }
    let exercise = "Lessons/12-example/Exercise"

    override func setUpWithError() throws {
        let exercise = exercise
        package = try TemporaryPackage([
            "Package.swift": "// swift-tools-version:5.9",
            "\(exercise)/expected.txt": "verdict: clean\n---\nhello\n",
            "\(exercise)/Referee/Starter/main.swift": "driver()",
            "\(exercise)/Referee/Starter/Box.swift": "struct Box { var items: [Int] = [] }",
            "\(exercise)/Referee/Starter/must-fail.txt": "// Why the starter fails.\n// must fail: race Box.add\n",
            "\(exercise)/Referee/Solution/Box.swift": "struct Box {}",
            "\(exercise)/Referee/WrongFixes/unlocked-read/Box.swift": "// must fail: race Box.value.getter, output",
            "\(exercise)/Box.swift": "struct Box { var items: [Int] = [] }",
            "\(exercise)/main.swift": "driver()",
        ])
        try FileManager.default.createSymbolicLink(
            atPath: "\(root)/\(exercise)/Referee/Solution/main.swift", withDestinationPath: "../Starter/main.swift")
        try FileManager.default.createSymbolicLink(
            atPath: "\(root)/\(exercise)/Referee/WrongFixes/unlocked-read/main.swift",
            withDestinationPath: "../../Starter/main.swift")
    }

    override func tearDown() { package.remove() }

    func write(_ text: String, to path: String) throws { try package.write(text, to: path) }

    func runner(_ printed: @escaping (String) -> Void = { _ in }) throws -> Runner {
        Runner(workspace: try Workspace(root: root), print: printed)
    }

    let allTargets: Set<String> = [
        "lesson12", "exercise12", "exercise12-starter", "exercise12-solution", "exercise12-wrong-unlocked-read",
    ]

    func testEachVariantSaysOnceHowItMustFail() throws {
        let info = try Workspace(root: root).exercise(12)
        XCTAssertEqual(try info.starter.expectedFailures(root: root)?.get(), [.race("Box.add")])
        XCTAssertEqual(
            try info.wrongFixes[0].expectedFailures(root: root)?.get(), [.race("Box.value.getter"), .output])
        XCTAssertNil(info.solution.expectedFailures(root: root), "a solution must pass")
        XCTAssertEqual(info.wrongFixes.map(\.product), ["exercise12-wrong-unlocked-read"])
        try write("// must fail: race Box.add or crash", to: "\(exercise)/Referee/Starter/must-fail.txt")
        XCTAssertEqual(try info.starter.expectedFailures(root: root)?.get(), [.either([.race("Box.add"), .crash])])
        for broken in ["// must fail: sometimes", "// must fail: race Box.add or", "// nothing said"] {
            try write(broken, to: "\(exercise)/Referee/Starter/must-fail.txt")
            XCTAssertThrowsError(try info.starter.expectedFailures(root: root)?.get(), broken)
        }
    }

    func testAConsistentExerciseHasNoProblems() throws {
        let runner = try runner()
        XCTAssertEqual(runner.consistencyProblems(runner.workspace.lessons, declared: allTargets), [])
    }

    func testEveryDisagreementIsFound() throws {
        let runner = try runner()
        let lessons = runner.workspace.lessons
        func problems(_ declared: Set<String> = []) -> String {
            runner.consistencyProblems(lessons, declared: allTargets.union(declared)).joined(separator: "\n")
        }
        // A variant with no target, and a target with no folder.
        XCTAssertTrue(
            runner.consistencyProblems(lessons, declared: allTargets.subtracting(["exercise12-wrong-unlocked-read"]))
                .joined()
                .contains("exercise12-wrong-unlocked-read has a folder but no target"))
        XCTAssertTrue(problems(["exercise12-wrong-gone"]).contains("target exercise12-wrong-gone has no folder"))
        // A driver copy that drifted, in a wrong fix and in the attendee's folder.
        let wrongDriver = "\(exercise)/Referee/WrongFixes/unlocked-read/main.swift"
        try FileManager.default.removeItem(atPath: "\(root)/\(wrongDriver)")
        try write("driver(); drifted()", to: wrongDriver)
        XCTAssertTrue(
            problems().contains("exercise 12 wrong fix unlocked-read: \(wrongDriver) is not the driver"), problems())
        try write("driver(); edited()", to: "\(exercise)/main.swift")
        XCTAssertTrue(problems().contains("racelab reset 12 puts it back"), problems())
        // A wrong fix that no longer says how it fails, and a solution that says it must fail.
        try write("struct Box {}", to: "\(exercise)/Referee/WrongFixes/unlocked-read/Box.swift")
        XCTAssertTrue(problems().contains("has no '// must fail: …' line"), problems())
        try write("// must fail: output", to: "\(exercise)/Referee/Solution/Box.swift")
        XCTAssertTrue(problems().contains("a solution must pass"), problems())
        try write("// verdict leads with: Box.swift:1 because \"x\"", to: "\(exercise)/Referee/Solution/Box.swift")
        XCTAssertTrue(problems().contains("a solution passes, and has no verdict"), problems())
        try write("// verdict leads with: Box.swift:1, x", to: "\(exercise)/Referee/WrongFixes/unlocked-read/Box.swift")
        XCTAssertTrue(problems().contains("takes: File.swift:LINE because"), problems())
        // A starter (so the attendee's copy) that speaks of the referee, or says how it must fail.
        for line in ["// As given, the referee proves this wrong.", "// must fail: race Box.add"] {
            try write("struct Box {}\n\(line)\n", to: "\(exercise)/Referee/Starter/Box.swift")
            XCTAssertTrue(
                problems().contains(
                    "exercise 12 starter: Box.swift:2 speaks of the referee, and the attendee's copy must not: move it to must-fail.txt"
                ), problems())
        }
        // A variant without the attendee's file.
        try FileManager.default.removeItem(atPath: "\(root)/\(exercise)/Referee/Solution/Box.swift")
        XCTAssertTrue(problems().contains("exercise 12 solution: has , the starter has Box.swift"), problems())
    }

    /// The false pass issue 20 found: a wrong fix replaced by a right one, whose folder is no target,
    /// "failed as documented" because the binary left in the build folder was an old, failing one.
    func testALeftOverOrStaleProgramIsNotJudged() throws {
        let bin = "\(root)/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        // The "old build": it prints something else, which is how the wrong fix was documented to fail.
        let program = "\(bin)/exercise12-wrong-unlocked-read"
        try write("#!/bin/sh\necho goodbye\n", to: "bin/exercise12-wrong-unlocked-read")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755, .modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: program)
        try write("// must fail: output", to: "\(exercise)/Referee/WrongFixes/unlocked-read/Box.swift")
        var printed: [String] = []
        let runner = try runner { printed.append($0) }
        let info = try runner.workspace.exercise(12)
        let wrong = info.wrongFixes[0]
        // Not a target of the package: refused, and so not "failing as documented".
        runner.knownTargets = allTargets.subtracting([wrong.product])
        let leftOver = runner.run(.exercise(wrong, of: info), bin: bin)
        XCTAssertEqual(leftOver.failureKinds, [.error])
        XCTAssertTrue("\(leftOver.problems)".contains("not a target of the package"), "\(leftOver.problems)")
        XCTAssertFalse(runner.reportFails(wrong.label, try XCTUnwrap(wrong.expectedFailures(root: root)), leftOver))
        XCTAssertTrue(printed.contains { $0.hasPrefix("FAIL  exercise 12 wrong fix unlocked-read") }, "\(printed)")
        // A target, but older than its sources, and it does not build (there is no real package here).
        runner.knownTargets = allTargets
        let stale = runner.run(.exercise(wrong, of: info), bin: bin)
        XCTAssertEqual(stale.failureKinds, [.error])
        XCTAssertTrue("\(stale.problems)".contains("is older than Lessons/12-example"), "\(stale.problems)")
        // Missing altogether.
        try FileManager.default.removeItem(atPath: program)
        XCTAssertTrue("\(runner.run(.exercise(wrong, of: info), bin: bin).problems)".contains("was not built"))
        // Newer than every source: judged, and it fails as documented (its output is not the transcript's).
        try write("#!/bin/sh\necho goodbye\n", to: "bin/exercise12-wrong-unlocked-read")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        let fresh = runner.run(.exercise(wrong, of: info), bin: bin)
        XCTAssertEqual(fresh.failureKinds, [.content], "\(fresh.problems)")
    }
}
