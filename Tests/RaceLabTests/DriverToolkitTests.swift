import Dispatch
import XCTest

@testable import RaceLabKit

/// The drivers' toolkit (Sources/RaceLabKit/Drivers): fault lines, rounds as a list, the async sleep.
final class DriverToolkitTests: XCTestCase {
    func testAFaultLineIsWhatWasSeenThenTheArrowThenTheHint() {
        let line = FaultLine("feed 2 completed again", hint: "complete once")
        XCTAssertEqual(line.text, "feed 2 completed again   <- complete once")
        XCTAssertEqual("\(line)", line.text)
    }

    func testACountedFaultSaysHowManyAndIsNoneWhenItNeverHappened() {
        let twice = FaultLine(counting: 3, "of them completed twice", hint: "check it in one critical section")
        XCTAssertEqual(twice?.text, "3 of them completed twice   <- check it in one critical section")
        XCTAssertNil(FaultLine(counting: 0, "of them completed twice", hint: "check it in one critical section"))
    }

    func testAFindingReadsEitherWayAndMakesItsFaultOnlyWhenItFailed() {
        var made = 0
        func fault() -> FaultLine {
            made += 1
            return FaultLine("it does not wait for it", hint: "keep the last of each category")
        }
        XCTAssertEqual(FaultLine.either(true, "it waits for it.", else: fault()), "it waits for it.")
        XCTAssertEqual(made, 0)
        XCTAssertEqual(
            FaultLine.either(false, "it waits for it.", else: fault()),
            "it does not wait for it   <- keep the last of each category")
        XCTAssertEqual(made, 1)
    }

    func testFaultsCountASaidFaultLineFirmOrLate() {
        let faults = Faults()
        faults.say(FaultLine("feed 1 completed late", hint: "complete as soon as every fetch is in"), late: "busy")
        XCTAssertEqual(faults.count, 1)
        faults.say(FaultLine("feed 2 completed again", hint: "complete once"))
        XCTAssertEqual(faults.count, 2)
    }

    func testAFailingRoundDoesNotStopTheRoundsAfterItAndTheVerdictNamesIt() {
        let rounds = Rounds()
        var played: [String] = []
        let allPassed = rounds.play([
            Round("first") {
                played.append("first")
                return true
            },
            Round("second") {
                played.append("second")
                return false
            },
            Round("third") {
                played.append("third")
                return true
            },
            Round("fourth") {
                played.append("fourth")
                return false
            },
        ])
        XCTAssertFalse(allPassed)
        XCTAssertEqual(played, ["first", "second", "third", "fourth"])
        XCTAssertEqual(rounds.passed, ["first", "third"])
        XCTAssertEqual(rounds.failed, ["second", "fourth"])
        XCTAssertFalse(rounds.allPassed)
        XCTAssertEqual(
            rounds.verdict(passed: "Right.", failed: "Not right yet."),
            "Not right yet. Failed: second, fourth.")
    }

    func testEveryRoundPassedGivesThePassingVerdict() {
        let rounds = Rounds()
        XCTAssertTrue(rounds.play([Round("one") { true }, Round("two") { true }]))
        XCTAssertTrue(rounds.allPassed)
        XCTAssertEqual(rounds.verdict(passed: "Right.", failed: "Not right yet."), "Right.")
    }

    func testNoRoundIsNoPass() {
        XCTAssertFalse(Rounds().allPassed)
    }

    func testAStuckRoundEndsItsListAndTheVerdictNamesTheRoundsNotPlayed() {
        let rounds = Rounds()
        var played: [String] = []
        rounds.play([
            Round("quick") {
                played.append("quick")
                return false
            },
            Round(
                "hangs",
                orStuck: {
                    played.append("hangs")
                    return .stuck
                }),
            Round("after") {
                played.append("after")
                return true
            },
        ])
        XCTAssertEqual(played, ["quick", "hangs"])
        XCTAssertEqual(rounds.stuck, ["hangs"])
        XCTAssertEqual(rounds.notPlayed, ["after"])
        XCTAssertEqual(
            rounds.verdict(passed: "Right.", failed: "Not right yet."),
            "Not right yet. Failed: quick. Stuck: hangs. Not played: after.")
    }

    func testATallyKeptOverSeveralListsAndRoundsPlayedElsewhere() {
        let rounds = Rounds()
        rounds.play([Round("early") { true }])
        XCTAssertTrue(rounds.play("middle") { true })
        rounds.record("on another queue", .failed)
        XCTAssertEqual(rounds.passed, ["early", "middle"])
        XCTAssertEqual(
            rounds.verdict(passed: "Right.", failed: "Not right yet."),
            "Not right yet. Failed: on another queue.")
    }

    func testTheAsyncSleepWaitsLessonSecondsAndEndsAtOnceWhenCancelled() async throws {
        let started = DispatchTime.now().uptimeNanoseconds
        try await Task.sleep(lessonSeconds: 0.05 * LessonClock.shared.speed)
        XCTAssertGreaterThanOrEqual(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, 0.045)
        let sleeper = Task { try await Task.sleep(lessonSeconds: 3600 * LessonClock.shared.speed) }
        sleeper.cancel()
        do {
            try await sleeper.value
            XCTFail("a cancelled sleep returned without an error")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
    }
}
