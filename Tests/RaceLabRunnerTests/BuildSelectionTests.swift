import Foundation
import XCTest

@testable import RaceLabRunner

/// What the manifest declares for each kind of build (`RACELAB_BUILD` in Package.swift): the plain
/// build never compiles a referee variant, and the runner's builds compile only what they run.
final class BuildSelectionTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The targets `swift package dump-package` lists with `RACELAB_BUILD` set to `value` (nil: unset).
    func declared(_ value: String?) throws -> Set<String> {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("racelab-selection-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var environment = Builder(root: root).environment()
        environment["RACELAB_BUILD"] = value
        let result = runProcess(
            "/usr/bin/env", arguments: ["swift", "package", "dump-package", "--scratch-path", scratch],
            environment: environment, directory: root, timeout: 300, outputCap: 8 << 20)
        XCTAssertTrue(result.succeeded, result.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let targets = try XCTUnwrap(json?["targets"] as? [[String: Any]])
        return Set(targets.compactMap { $0["name"] as? String })
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
            ["RaceLabKit", "RaceLabAtomics", "Lesson3Support", "lesson3", "exercise3-solution"])
        XCTAssertEqual(try declared("lesson1"), ["RaceLabKit", "RaceLabAtomics", "Lesson1Support", "lesson1"])
    }

    /// The runner names what it builds, sorted (one cache key per set), and everything when it asks
    /// what the package declares.
    func testTheRunnerNamesWhatItBuilds() {
        let builder = Builder(root: root)
        XCTAssertEqual(builder.environment(declaring: ["lesson3", "exercise3"])["RACELAB_BUILD"], "exercise3,lesson3")
        XCTAssertEqual(builder.environment()["RACELAB_BUILD"], "all")
    }
}
