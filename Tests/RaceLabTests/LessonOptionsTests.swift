import XCTest

@testable import RaceLab

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
}
