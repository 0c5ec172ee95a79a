import RaceLabKit
import XCTest

@testable import RaceLabRunner

/// The runner checks the banner every RaceLab program prints first, so transcripts start at the page.
final class BannerTests: XCTestCase {
    let banner = Banner(heading: "RaceLab lesson 3: ")
    let good =
        "RaceLab lesson 3: thread safety\n\(BannerLines.threadSanitizerOn)\nSpeed: 4x (every time shown is in lesson seconds)\n\n== Page 2 of 5"

    func testARightBannerIsRemovedAndTheRestIsThePage() {
        let stripped = banner.strip(good, speed: 4)
        XCTAssertNil(stripped.problem)
        XCTAssertEqual(stripped.rest, "== Page 2 of 5")
    }

    func testEveryLineOfTheBannerIsChecked() {
        let wrong: [(String, Double, String)] = [
            (good.replacingOccurrences(of: "lesson 3:", with: "lesson 4:"), 4, "line 1"),
            (
                good.replacingOccurrences(
                    of: BannerLines.threadSanitizerOn, with: "ThreadSanitizer is off. To let it referee: …"), 4,
                "not built with ThreadSanitizer"
            ),
            (good, 12, "line 3"),
            (good.replacingOccurrences(of: "\n\n==", with: "\nx\n=="), 4, "line 4"),
            ("RaceLab lesson 3: thread safety", 4, "line 2 is missing"),
        ]
        for (output, speed, reason) in wrong {
            let problem = banner.strip(output, speed: speed).problem
            XCTAssertTrue(problem?.contains(reason) == true, "\(reason): \(problem ?? "accepted")")
        }
    }

    func testRacelabPageChecksABannerOnlyWhereOneIsPrinted() {
        let any = Banner(heading: "RaceLab ", onlyIfPrinted: true)
        XCTAssertEqual(any.strip("hello\nworld", speed: 4).rest, "hello\nworld")
        XCTAssertEqual(any.strip(good, speed: 4).rest, "== Page 2 of 5")
        XCTAssertNotNil(any.strip(good, speed: 1).problem)
    }

    /// An exercise's banner repeats the seed the runner gave it: a different seed, or none, fails.
    func testAnExercisesBannerMustNameTheSeedItWasGiven() {
        let seeded = Banner(heading: "RaceLab exercise 3: ", seed: 4711)
        let lines = [
            "RaceLab exercise 3: make Person thread-safe", BannerLines.threadSanitizerOn, BannerLines.speed(12),
        ]
        let right = (lines + [BannerLines.seed(4711), "", "== Page 1 of 1"]).joined(separator: "\n")
        XCTAssertNil(seeded.strip(right, speed: 12).problem)
        XCTAssertEqual(seeded.strip(right, speed: 12).rest, "== Page 1 of 1")
        let other = right.replacingOccurrences(of: "4711", with: "4712")
        XCTAssertTrue(seeded.strip(other, speed: 12).problem?.contains("line 4") == true)
        let none = (lines + ["", "== Page 1 of 1"]).joined(separator: "\n")
        XCTAssertTrue(seeded.strip(none, speed: 12).problem?.contains("line 4") == true)
    }
}
