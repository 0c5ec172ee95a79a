import Foundation
import XCTest

@testable import RaceLabRunner

/// What the manifest declares for each kind of build (`RACELAB_BUILD` in Package.swift): the plain
/// build never compiles a referee variant, and the runner's builds compile only what they run.
final class BuildSelectionTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The targets the manifest declares with `RACELAB_BUILD` set to `value` (nil: unset), read in a
    /// scratch folder of the test's own.
    func declared(_ value: String?) throws -> Set<String> {
        let scratch = ".build-selection-test-\(UUID())"
        defer { try? FileManager.default.removeItem(atPath: "\(root)/\(scratch)") }
        let builder = Builder(root: root, scratch: scratch)
        var environment = builder.environment()
        environment["RACELAB_BUILD"] = value
        return try XCTUnwrap(builder.declaredTargets(environment: environment), "dump-package failed")
    }

    func testThePlainBuildDeclaresEveryLessonAndExerciseButNoRefereeVariant() throws {
        let house = try declared(nil)
        for name in [
            "RaceLabKit", "racelab", "RaceLabRunnerTests", "lesson1", "exercise1", "lesson14", "Lesson3Support",
        ] {
            XCTAssertTrue(house.contains(name), "\(name) is part of the plain build")
        }
        let variants = house.filter { $0.contains("-starter") || $0.contains("-solution") || $0.contains("-wrong-") }
        XCTAssertEqual(variants, [], "the plain build compiles no referee variant")
    }

    func testEverythingDeclaresTheVariantsToo() throws {
        let all = try declared("all")
        XCTAssertTrue(all.isSuperset(of: try declared(nil)))
        for name in ["exercise3-starter", "exercise3-solution", "exercise14-solution"] {
            XCTAssertTrue(all.contains(name), "\(name) is declared for verify")
        }
        XCTAssertTrue(all.contains { $0.hasPrefix("exercise3-wrong-") })
    }

    func testAListDeclaresOnlyItsProgramsAndWhatTheyNeed() throws {
        XCTAssertEqual(
            try declared("lesson3,exercise3-solution"),
            ["RaceLabKit", "RaceLabContract", "RaceLabAtomics", "Lesson3Support", "lesson3", "exercise3-solution"])
        // Lesson 1's own files do not import Lesson1Support (its exercise's driver): it is not built.
        XCTAssertEqual(try declared("lesson1"), ["RaceLabKit", "RaceLabContract", "RaceLabAtomics", "lesson1"])
        // Lesson 9's do.
        XCTAssertEqual(
            try declared("lesson9"), ["RaceLabKit", "RaceLabContract", "RaceLabAtomics", "Lesson9Support", "lesson9"])
    }

    /// The runner names what it builds, sorted (one cache key per set), and everything when it asks
    /// what the package declares.
    func testTheRunnerNamesWhatItBuilds() {
        let builder = Builder(root: root)
        XCTAssertEqual(builder.environment(declaring: ["lesson3", "exercise3"])["RACELAB_BUILD"], "exercise3,lesson3")
        XCTAssertEqual(builder.environment()["RACELAB_BUILD"], "all")
    }
}
