import Foundation
import XCTest

import RaceLabKit
@testable import RaceLabRunner

/// RaceLab's library is honest for lessons written in Swift 6 mode: what would trap at run time (a
/// main-actor closure run on another thread fails Swift 6's isolation check with SIGILL) is refused at
/// compile time instead, and what the API allows runs without a trap.
final class Swift6Tests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Tests/Fixtures/racelab-swift6-lesson: page bodies on the main actor, `finish`, `done` from
    /// another thread, the main queue, an animation's completion, a settled screen, a child demo and a
    /// Task on the main actor. Before the library said where its closures run, page 1 trapped.
    func testALessonInSwift6ModePlaysEveryPageWithoutATrap() {
        let lesson = builtProgram("racelab-swift6-lesson")
        let result = runProcess(
            lesson, arguments: ["--speed", "4"], environment: runEnvironment(), timeout: 60, outputCap: 1 << 20)
        XCTAssertEqual(result.ending, .exited(0), "stderr: \(result.stderr)")
        let lines = result.stdout.replacingOccurrences(of: lineMark, with: "").split(separator: "\n").map(String.init)
        for expected in [
            "finished on a thread of its own, after tally 1", "on the main queue: tally 6",
            "completion on the main actor: tally 7",
            "settled: box at lower right", "  child: child: tally 100 on the main actor",
            "after await, on the main actor: tally 49",
        ] {
            XCTAssertTrue(lines.contains { $0.hasSuffix(expected) }, "missing '\(expected)' in:\n\(result.stdout)")
        }
        XCTAssertFalse(result.stderr.contains("WARNING: ThreadSanitizer"), result.stderr)
    }

    /// Tests/Fixtures/racelab-swift6-awaiting: top-level code that awaits first, then `await lesson.play()`.
    /// Before, `lesson.run()` compiled there and parked a worker thread in dispatchMain(): SIGILL.
    func testALessonWhoseTopLevelCodeAwaitsFirstPlaysToo() {
        let lesson = builtProgram("racelab-swift6-awaiting")
        let result = runProcess(
            lesson, arguments: ["--speed", "4"], environment: runEnvironment(), timeout: 60, outputCap: 1 << 20)
        XCTAssertEqual(result.ending, .exited(0), "stderr: \(result.stderr)")
        XCTAssertTrue(result.stdout.contains("awaited before the lesson ran: 42"), result.stdout)
        XCTAssertTrue(result.stdout.contains("finished on a thread of its own"), result.stdout)
        XCTAssertFalse(result.stderr.contains("WARNING: ThreadSanitizer"), result.stderr)
    }

    /// Tests/Fixtures/Swift6Mistakes.swift and Swift6MistakesAfterAwait.swift, checked by the toolchain
    /// itself: every error they expect is reported, and no other. Before, all six compiled without a word.
    func testTheCompilerRefusesWhatWouldTrap() throws {
        for file in ["Swift6Mistakes.swift", "Swift6MistakesAfterAwait.swift"] {
            let result = try typecheck("\(root)/Tests/Fixtures/\(file)")
            XCTAssertEqual(
                result.ending, .exited(0),
                "\(file): the compiler disagrees with the expected diagnostics:\n\(result.stderr)")
        }
    }

    /// The check above can fail: with one expected error taken out, the compiler's error is unexpected.
    func testAnUnexpectedDiagnosticFailsTheCheck() throws {
        let original = try String(contentsOfFile: "\(root)/Tests/Fixtures/Swift6Mistakes.swift", encoding: .utf8)
        let expectation =
            "  // expected-error {{main actor-isolated var 'tally' can not be mutated from a nonisolated context}}"
        let broken = original.replacingOccurrences(of: expectation, with: "")
        XCTAssertNotEqual(broken, original)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "racelab-swift6-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Swift6Mistakes.swift").path
        try broken.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try typecheck(file)
        XCTAssertNotEqual(result.ending, .exited(0))
        XCTAssertTrue(
            result.stderr.contains("unexpected error produced: main actor-isolated var 'tally'"), result.stderr)
    }

    /// `swiftc -typecheck -swift-version 6 -verify` against the RaceLab module built next to the tests.
    private func typecheck(_ file: String) throws -> ProcessResult {
        let built = URL(fileURLWithPath: builtProgram("racelab-swift6-lesson")).deletingLastPathComponent().path
        let moduleMap = "\(built)/RaceLabAtomics.build/module.modulemap"
        try XCTSkipUnless(
            FileManager.default.fileExists(atPath: "\(built)/Modules/RaceLabKit.swiftmodule"),
            "no RaceLabKit module in \(built)")
        let arguments =
            [
                "swiftc", "-typecheck", "-swift-version", "6",
            ] + Swift6Compiler.verifyFlags + [
                "-I", "\(built)/Modules", "-Xcc", "-fmodule-map-file=\(moduleMap)", "-Xcc", "-I", "-Xcc",
                "\(root)/Sources/RaceLabAtomics/include",
                "-module-cache-path", "\(root)/.build/module-cache", file,
            ]
        return runProcess("/usr/bin/env", arguments: arguments, timeout: 300, outputCap: 1 << 20)
    }
}
