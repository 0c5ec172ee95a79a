import Foundation
import RaceLabKit
import XCTest

@testable import RaceLabRunner

/// Lesson 12's `Compiler/` files, judged by the toolchain's verifier: each says what Swift 6 must say
/// of it, and the check fails, with the compiler's words, when the file and the compiler disagree.
final class CompilerVerdictTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func testEveryFileOfLesson12GetsTheDiagnosticsItExpects() throws {
        let lesson = try XCTUnwrap(LessonInfo(root: root, folder: "12-swift6"))
        let files = CompilerVerdicts.files(of: lesson, root: root)
        XCTAssertGreaterThanOrEqual(files.count, 5, "\(files)")
        for file in files {
            let outcome = CompilerVerdicts.check(file, root: root)
            XCTAssertTrue(outcome.passed, "\(file): \(outcome.problems)")
        }
    }

    /// An expected error worded otherwise than the compiler's: the check fails and names both.
    func testAWrongExpectationFailsWithTheCompilersMessage() throws {
        let outcome = try checkEdited(
            "LostUpdates.swift", replacing: "mutation of captured var 'count'", with: "mutation of captured var 'total'"
        )
        XCTAssertFalse(outcome.passed)
        let said = outcome.problems.map(\.description).joined()
        XCTAssertTrue(said.contains("this toolchain (Swift version "), said)
        XCTAssertTrue(said.contains("words it differently"), said)
        XCTAssertTrue(said.contains("its verdicts hold for: Swift 6.2 or later"), said)
        XCTAssertTrue(said.contains("incorrect message found"), said)
    }

    /// An expected error taken out: the compiler's error is unexpected, and the check fails.
    func testAnErrorNobodyExpectedFailsTheCheck() throws {
        let outcome = try checkEdited(
            "RacyPerson.swift",
            replacing:
                "  // expected-error {{capture of 'person' with non-Sendable type 'Person' in a '@Sendable' closure}}",
            with: "")
        XCTAssertFalse(outcome.passed)
        XCTAssertTrue(
            outcome.problems.map(\.description).joined().contains("unexpected error produced: capture of 'person'"),
            "\(outcome.problems)")
    }

    /// A file the compiler must accept fails the check when it gets an error (the read after the
    /// send added to the accepted version).
    func testAnAcceptedFileThatTheCompilerRefusesFails() throws {
        let outcome = try checkEdited(
            "SentAndForgotten.swift", replacing: "    print(await task.value)",
            with: "    print(person.name)\n    print(await task.value)")
        XCTAssertFalse(outcome.passed)
        XCTAssertTrue(
            outcome.problems.map(\.description).joined().contains("risks causing data races"), "\(outcome.problems)")
    }

    /// Lesson 15's files, each compiled with the flags it states (Swift 6.2's defaults).
    func testEveryFileOfLesson15GetsTheDiagnosticsItExpectsUnderItsStatedFlags() throws {
        let lesson = try XCTUnwrap(LessonInfo(root: root, folder: "15-approachable-concurrency"))
        let files = CompilerVerdicts.files(of: lesson, root: root)
        XCTAssertGreaterThanOrEqual(files.count, 3, "\(files)")
        for file in files {
            XCTAssertEqual(
                Swift6Compiler.statedFlags(of: "\(root)/\(file)"), Swift6Compiler.approachableFlags, file)
            let outcome = CompilerVerdicts.check(file, root: root)
            XCTAssertTrue(outcome.passed, "\(file): \(outcome.problems)")
        }
    }

    /// The stated flags are passed: without them (Swift 6.0's defaults) the file's main-actor
    /// verdicts are not the compiler's, and the check fails.
    func testAFileWithoutItsStatedFlagsFailsTheCheck() throws {
        let outcome = try checkEdited(
            "PersonByDefault.swift", in: "Lessons/15-approachable-concurrency",
            replacing:
                "// compiled with: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault\n",
            with: "")
        XCTAssertFalse(outcome.passed)
        let said = outcome.problems.map(\.description).joined()
        XCTAssertTrue(said.contains("expected error not produced"), said)
    }

    /// A flag the compiler does not know fails the check, with the compiler's own words.
    func testAMisspelledStatedFlagFailsTheCheck() throws {
        let outcome = try checkEdited(
            "IsolatedConformance.swift", in: "Lessons/15-approachable-concurrency",
            replacing: "// compiled with: -default-isolation MainActor",
            with: "// compiled with: -default-isolaton MainActor")
        XCTAssertFalse(outcome.passed)
        XCTAssertTrue(
            outcome.problems.map(\.description).joined().contains("-default-isolaton"), "\(outcome.problems)")
    }

    /// A file that states a module it imports gets it built first; without `@preconcurrency` the
    /// accepted file is refused, so the module was built and imported, and the check can fail.
    func testAStatedModuleIsBuiltAndItsImportJudged() throws {
        let outcome = try checkEdited(
            "LegacyCapturePreconcurrency.swift", in: "Lessons/15-approachable-concurrency",
            replacing: "@preconcurrency import LegacyKit", with: "import LegacyKit",
            alsoCopying: ["Modules/LegacyKit.swift"])
        XCTAssertFalse(outcome.passed)
        XCTAssertTrue(
            outcome.problems.map(\.description).joined().contains("passing closure as a 'sending' parameter"),
            "\(outcome.problems)")
    }

    /// A stated module whose source is missing fails the check, saying which.
    func testAStatedModuleThatDoesNotBuildFailsTheCheck() throws {
        let outcome = try checkEdited(
            "LegacyCapture.swift", in: "Lessons/15-approachable-concurrency",
            replacing: "from Modules/LegacyKit.swift", with: "from Modules/Missing.swift")
        XCTAssertFalse(outcome.passed)
        XCTAssertTrue(
            outcome.problems.map(\.description).joined().contains(
                "module LegacyKit (Modules/Missing.swift) did not build"),
            "\(outcome.problems)")
    }

    /// Checks a copy of `Compiler/name`, edited, in a temporary root.
    private func checkEdited(
        _ name: String, in folder: String = "Lessons/12-swift6", replacing old: String, with new: String,
        alsoCopying others: [String] = []
    ) throws -> RunOutcome {
        let original = try String(contentsOfFile: "\(root)/\(folder)/Compiler/\(name)", encoding: .utf8)
        let edited = original.replacingOccurrences(of: old, with: new)
        XCTAssertNotEqual(edited, original, "the edit did not apply")
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
            "racelab-compiler-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        try edited.write(toFile: "\(temporary)/\(name)", atomically: true, encoding: .utf8)
        for other in others {
            let copy = "\(temporary)/\(other)"
            try FileManager.default.createDirectory(
                atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "\(root)/\(folder)/Compiler/\(other)", toPath: copy)
        }
        return CompilerVerdicts.check(name, root: temporary)
    }
}
