import Foundation
import XCTest

@testable import RaceLabRunner

/// Real lesson pages against transcripts that are wrong on purpose (BrokenTranscripts/): each must be
/// rejected, for the reason it is wrong. The lessons are built next to the tests by `swift test`;
/// the race cases need `--sanitize=thread`, as `scripts/test` runs it.
final class BrokenTranscriptTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func outcome(_ lesson: String, page: Int, _ transcript: String) throws -> RunOutcome {
        let bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let program = bin.appendingPathComponent(lesson).path
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: program), "\(lesson) is not built next to the tests")
        let url = try XCTUnwrap(Bundle.module.url(forResource: "BrokenTranscripts/\(transcript)", withExtension: "txt"))
        let text = try String(contentsOf: url, encoding: .utf8)
        return checkRun(
            program, arguments: [String(page)], transcript: try Transcript(parsing: text), root: root,
            banner: Banner(heading: "RaceLab \(lesson.replacingOccurrences(of: "lesson", with: "lesson ")): "))
    }

    func requireTSan(_ lesson: String) throws {
        let bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let banner = runProcess(
            bin.appendingPathComponent(lesson).path, arguments: ["1", "--speed", "100"], timeout: 60, outputCap: 1 << 16
        )
        try XCTSkipUnless(
            banner.stdout.contains("ThreadSanitizer is on"),
            "lessons are not built with ThreadSanitizer: run scripts/test")
    }

    func testRacyPageClaimedCleanIsRejectedForTheRace() throws {
        try requireTSan("lesson3")
        let result = try outcome("lesson3", page: 2, "lesson3-page2-claims-clean")
        XCTAssertFalse(result.passed)
        XCTAssertTrue(result.problems.allSatisfy { $0.isCase(.race("Person.changeName")) }, "\(result.problems)")
    }

    func testCleanPageClaimedRacyIsRejectedForTheMissingRace() throws {
        try requireTSan("lesson3")
        let result = try outcome("lesson3", page: 5, "lesson3-page5-claims-race")
        XCTAssertEqual(
            result.problems.map(\.description),
            ["expected a data race in FavoriteEventsController.addEvent, but ThreadSanitizer reported none there"])
    }

    func testAWholeListDoesNotPassForABrokenOne() throws {
        try requireTSan("lesson3")
        let result = try outcome("lesson3", page: 5, "lesson3-page5-expects-broken-list")
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(result.problems.first?.isCase(.output) == true, "\(result.problems)")
    }

    func testALessonsTimeIsChecked() throws {
        try requireTSan("lesson6")  // the runner refuses a program that cannot referee races
        let result = try outcome("lesson6", page: 2, "lesson6-page2-result-at-2s")
        // Only the time is wrong: the runner confirms it at real speed, then says how early it came.
        guard case .timing(let mismatch)? = result.problems.first, result.problems.count == 1 else {
            return XCTFail("\(result.problems)")
        }
        XCTAssertNotNil(result.firstRun, "confirmed by a rerun at real speed")
        let description = mismatch.description
        XCTAssertTrue(description.contains("\"result: 66\" came at 1.0"), description)
        XCTAssertTrue(description.contains("expected 1.70 s–2.30 s"), description)
        XCTAssertTrue(description.contains("s early"), description)
    }
}
