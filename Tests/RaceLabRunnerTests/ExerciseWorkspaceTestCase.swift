import Foundation
import XCTest

@testable import RaceLabRunner

/// A made-up workspace with lesson 3's exercise (its hints, starter and driver), in a temporary folder
/// for each test, and a runner on it whose lines are kept in `printed`. Tests of the runner's commands
/// subclass it (a subclass may add files in its own `setUpWithError`).
class ExerciseWorkspaceTestCase: XCTestCase {
    var package: TemporaryPackage!
    var root: String { package.root }
    var printed: [String] = []

    /// The exercise's hint.md.
    var hints: String { "# Exercise 3 hints\n\n1. Gate the writes\n   and the reads.\n2. Use a queue.\n" }

    override func setUpWithError() throws {
        package = try TemporaryPackage([
            "Package.swift": "// swift-tools-version:5.9",
            "Lessons/03-thread-safety/Exercise/expected.txt": "verdict: clean\n---\n",
            "Lessons/03-thread-safety/Exercise/hint.md": hints,
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
}
