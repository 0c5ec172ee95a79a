import XCTest

@testable import RaceLabRunner

/// Reports captured from small programs built with `swiftc -sanitize=thread` in a folder whose path
/// has a space in it ("/tmp/tsan cases"): a static method, a free function on a global, top-level
/// code, a thread leak.
final class TSanNamingTests: XCTestCase {
    static let root = "/tmp/tsan cases"

    func races(_ name: String) throws -> [RaceDescription] {
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: "TSanReports/space-\(name).stderr", withExtension: "txt"))
        return describe(parseTSanReports(try String(contentsOf: url, encoding: .utf8)), root: Self.root)
    }

    func testPathsWithSpacesAreTheProjects() throws {
        let frame = parseFrame(
            "    #0 $s7globals4bumpyyF /tmp/tsan cases/globals.swift:3:23 (globals+0xfcb9b) (BuildId: 9bc0)")
        XCTAssertEqual(frame?.symbol, "$s7globals4bumpyyF")
        XCTAssertEqual(frame?.file, "/tmp/tsan cases/globals.swift")
        XCTAssertEqual(frame?.line, 3)
        for race in try races("globals") {
            XCTAssertEqual(race.sides.map(\.file), ["globals.swift", "globals.swift"], "\(race)")
        }
    }

    func testAStaticMethodIsNamedWithItsType() throws {
        let found = try races("statics")
        XCTAssertFalse(found.isEmpty)
        for race in found {
            XCTAssertTrue(race.isRace)
            XCTAssertEqual(Set(race.sides.map(\.function)), ["Stats.record"], "\(race)")
            XCTAssertTrue(race.involves("Stats.record"))
            XCTAssertEqual(race.location, "global 'Stats.count'", "the raced variable, demangled")
        }
        let verdict = try Transcript(parsing: "verdict: race Stats.record\n---\n").verdict
        XCTAssertEqual(verdict, .races(["Stats.record"]))
    }

    func testAFreeFunctionAndTheGlobalItWrites() throws {
        for race in try races("globals") {
            XCTAssertEqual(race.sides.map(\.function), ["bump", "bump"])
            XCTAssertTrue(race.involves("bump()"))
            XCTAssertFalse(race.involves("Stats.bump"))
            XCTAssertTrue(race.description.contains("on global 'counter'"), race.description)
        }
        XCTAssertEqual(try Transcript(parsing: "verdict: race bump()\n---\n").verdict, .races(["bump()"]))
    }

    /// A Swift access race's modifying access has no line of its own: it takes the one the same run's
    /// data race gives for the same thread and function (issue 21), and none when that is not one line.
    func testASwiftAccessRaceGetsItsLineFromTheDataRace() throws {
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: "TSanReports/space-globals.stderr", withExtension: "txt"))
        let stderr = try String(contentsOf: url, encoding: .utf8)
        let reports = parseTSanReports(stderr)
        let access = try XCTUnwrap(reports.first { $0.kind == "Swift access race" })
        XCTAssertEqual(access.accesses.map { $0.frames.first?.line }, [3, 3], "\(access.accesses)")
        let alone = stderr.components(separatedBy: "WARNING: ThreadSanitizer: data race")[0]
        let unpaired = try XCTUnwrap(parseTSanReports(alone).first)
        XCTAssertNil(unpaired.accesses[0].frames.first?.line, "without the data race report there is no line to take")
    }

    func testTopLevelCodeHasOneStableName() throws {
        let found = try races("toplevel")
        XCTAssertEqual(found.count, 1)
        // One side is the C entry point `main`, the other a closure written at the top level.
        XCTAssertEqual(
            found[0].sides.map(\.function), ["top-level code of toplevel.swift", "top-level code of toplevel.swift"])
        XCTAssertTrue(found[0].involves("top-level code of toplevel.swift"))
        XCTAssertEqual(
            try Transcript(parsing: "verdict: race top-level code of toplevel.swift\n---\n").verdict,
            .races(["top-level code of toplevel.swift"]))
    }

    /// A real report of GCC's ThreadSanitizer for two mutexes taken in opposite orders (`lo.c`: one
    /// function takes a then b, another b then a). The Swift toolchain's TSan did not report the same
    /// program (lesson 4's README, page 11), but a report like it must still name both sides.
    func testALockOrderInversionNamesBothSidesOfTheCycle() throws {
        let found = try races("lock-order")
        XCTAssertEqual(found.count, 1)
        XCTAssertFalse(found[0].isRace)
        XCTAssertEqual(found[0].sides.map(\.function), ["save_then_log", "log_then_save"])
        XCTAssertEqual(
            found[0].description,
            "lock-order-inversion (potential deadlock): save_then_log takes M1 while holding M0 (lo.c:3), "
                + "and log_then_save takes M0 while holding M1 (lo.c:4)")
        XCTAssertEqual(
            lockTaken("Mutex M1 acquired here while holding mutex M0 in thread T1:"), "takes M1 while holding M0")
        XCTAssertNil(lockTaken("Mutex M0 previously acquired by the same thread here:"))
    }

    func testAThreadLeakIsReportedAsWhatItIsWithItsFrame() throws {
        let found = try races("leak")
        XCTAssertEqual(found.count, 1)
        XCTAssertFalse(found[0].isRace)
        XCTAssertEqual(found[0].description, "thread leak in top-level code of leak.swift (leak.swift:3)")
        let outcome = judge(
            ProcessResult(
                ending: .exited(66), stdout: "",
                stderr: try String(
                    contentsOf: XCTUnwrap(
                        Bundle.module.url(forResource: "TSanReports/space-leak.stderr", withExtension: "txt")),
                    encoding: .utf8),
                seconds: 1),
            transcript: try Transcript(parsing: "verdict: race top-level code of leak.swift\n---\n"), root: Self.root,
            cap: 1 << 20)
        XCTAssertTrue(
            outcome.problems.contains { if case .unexpectedRace = $0 { return true } else { return false } },
            "a leak is never an expected race")
        XCTAssertEqual(outcome.verdict, "TSan: thread leak in top-level code of leak.swift ×1")
    }

    func testVerdictFormsThatNameNothingAreRejected() {
        for bad in ["race changeName", "race .x", "race x.", "race top-level code", "race a b"] {
            XCTAssertThrowsError(try Transcript(parsing: "verdict: \(bad)\n---\n"), bad)
        }
    }
}
