import XCTest

@testable import RaceLabKit

final class LessonOptionsTests: XCTestCase {
    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws -> LessonOptions {
        try LessonOptions.parse(arguments, environment: environment, pageCount: 4)
    }

    func testDefaultsPlayEveryPageAtRealSpeed() throws {
        let options = try parse([])
        XCTAssertNil(options.page)
        XCTAssertEqual(options.speed, 1)
    }

    func testPageAndSpeed() throws {
        let options = try parse(["2", "--speed", "4"])
        XCTAssertEqual(options.page, 2)
        XCTAssertEqual(options.speed, 4)
        XCTAssertEqual(try parse(["--speed=2.5"]).speed, 2.5)
    }

    func testEnvironmentSpeedAndCommandLineWins() throws {
        XCTAssertEqual(try parse([], ["RACELAB_SPEED": "8"]).speed, 8)
        XCTAssertEqual(try parse(["--speed", "2"], ["RACELAB_SPEED": "8"]).speed, 2)
    }

    func testAScheduleToReplayIsLettersOnly() throws {
        XCTAssertEqual(try parse(["2", "--schedule", "aabbba", "--step"]).schedule, "aabbba")
        XCTAssertThrowsError(try parse(["2", "--schedule"])) { error in
            XCTAssertTrue("\(error)".contains("--schedule needs a schedule"), "\(error)")
        }
        XCTAssertThrowsError(try parse(["2", "--schedule", "--step"]))
        XCTAssertThrowsError(try parse(["2", "--schedule", ""]))
        XCTAssertThrowsError(try parse(["2", "--schedule", "AB2"])) { error in
            XCTAssertTrue("\(error)".contains("'2' is not a thread"), "\(error)")
        }
    }

    func testBadInputIsRejectedWithAMessage() {
        XCTAssertThrowsError(try parse(["7"])) { error in
            XCTAssertEqual("\(error)", "there is no page 7: this lesson has pages 1–4")
        }
        XCTAssertThrowsError(try parse(["--speed"]))
        XCTAssertThrowsError(try parse(["--speed", "fast"]))
        XCTAssertThrowsError(try parse(["--speed", "0"]))
        XCTAssertThrowsError(try parse([], ["RACELAB_SPEED": "-1"]))
        XCTAssertThrowsError(try parse(["--bogus"]))
    }

    func testStepIsPresenterMode() throws {
        XCTAssertTrue(try LessonOptions.parse(["2", "--step"], environment: [:], pageCount: 3).step)
        XCTAssertFalse(try LessonOptions.parse(["2"], environment: [:], pageCount: 3).step)
    }

    func testListAndHelp() throws {
        XCTAssertTrue(try parse(["--list"]).listPages)
        XCTAssertTrue(try parse(["-h"]).help)
    }

    func testASeedIsAWholeNumberFromOne() throws {
        XCTAssertEqual(try parse(["--seed", "4711"]).seed, 4711)
        XCTAssertNil(try parse([]).seed)
        for bad in [["--seed"], ["--seed", "0"], ["--seed", "x"], ["--seed", "-3"]] {
            XCTAssertThrowsError(try parse(bad), "\(bad)") { error in
                XCTAssertTrue("\(error)".contains("--seed"), "\(error)")
            }
        }
    }

    /// The same seed draws the same scenario; another seed another one; each draw stays in its range.
    func testAScenarioIsTheSameForTheSameSeed() {
        func draws(_ seed: UInt64) -> [Double] {
            var scenario = Scenario(seed: seed, stream: 1)
            return (0..<20).map { _ in scenario.seconds(in: 0.05...0.3) }
                + scenario.shuffled([1, 2, 3, 4, 5]).map(Double.init)
        }
        XCTAssertEqual(draws(4711), draws(4711))
        XCTAssertNotEqual(draws(4711), draws(4712))
        var first = Scenario(seed: 4711, stream: 1)
        var second = Scenario(seed: 4711, stream: 2)
        XCTAssertNotEqual(first.next(), second.next())
        var scenario = Scenario(seed: 9)
        for _ in 0..<1000 {
            XCTAssertTrue((0.05...0.3).contains(scenario.seconds(in: 0.05...0.3)))
            XCTAssertTrue((3...4).contains(scenario.int(in: 3...4)))
        }
        var seen = Set<Int>()
        for _ in 0..<200 { seen.insert(scenario.int(in: 3...5)) }
        XCTAssertEqual(seen, [3, 4, 5])
    }
}
