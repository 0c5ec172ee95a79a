import XCTest

@testable import RaceLabRunner

/// A report ThreadSanitizer really printed, captured from lesson 3 page 2 or exercise 3's starter (the
/// project lived in `TSanReportTests.capturedRoot` then).
func capturedStderr(_ name: String) throws -> String {
    let url = try XCTUnwrap(Bundle.module.url(forResource: "TSanReports/\(name)", withExtension: "txt"))
    return try String(contentsOf: url, encoding: .utf8)
}

/// The parser on reports ThreadSanitizer really printed (`capturedStderr`).
final class TSanReportTests: XCTestCase {
    static let capturedRoot = "/work/main"

    func testParsesEveryWarningWithBothAccesses() throws {
        let reports = parseTSanReports(try capturedStderr("lesson3-page2.stderr"))
        XCTAssertEqual(reports.count, 8)
        for report in reports {
            XCTAssertEqual(report.kind, "data race")
            XCTAssertEqual(report.accesses.count, 2, "the access and the previous access, nothing from other sections")
            XCTAssertTrue(report.summary.hasPrefix("data race /work/main/Lessons/03-thread-safety/Person.swift:"))
        }
        let first = reports[0]
        XCTAssertEqual(first.accesses[0].operation, "read")
        XCTAssertEqual(first.accesses[0].thread, "T3")
        XCTAssertEqual(first.accesses[1].operation, "write")
        XCTAssertEqual(first.accesses[1].thread, "T4")
        let top = first.accesses[0].frames[0]
        XCTAssertEqual(top.symbol, "$s7lesson36PersonC10changeName05firstD004lastD0ySS_SStF")
        XCTAssertEqual(top.file, "/work/main/Lessons/03-thread-safety/Person.swift")
        XCTAssertEqual(top.line, 17)
        XCTAssertEqual(top.module, "lesson3")
    }

    func testFramesWithoutSourceLocations() {
        let frame = parseFrame(
            "    #5 _dispatch_continuation_pop crtstuff.c (libdispatch.so+0x2c087) (BuildId: cb8d2d)")
        XCTAssertEqual(frame?.symbol, "_dispatch_continuation_pop")
        XCTAssertNil(frame?.file)
        XCTAssertEqual(frame?.module, "libdispatch.so")
        XCTAssertNil(parseFrame("    #2 $s1ayyYbcfU_TA /<compiler-generated> (a+0xfd9c5)")?.file)
        let accessor = parseFrame(
            "    #0 $s7lesson623CanonicalAsyncOperationC5stateAC5StateOvs /work/main/Lessons/06-async-operations/CanonicalAsyncOperation.swift (lesson6+0x1)"
        )
        XCTAssertEqual(accessor?.file, "/work/main/Lessons/06-async-operations/CanonicalAsyncOperation.swift")
        XCTAssertNil(accessor?.line)
    }

    func testDescribesRacesWithDemangledProjectFunctions() throws {
        let races = describe(parseTSanReports(try capturedStderr("lesson3-page2.stderr")), root: Self.capturedRoot)
        XCTAssertEqual(races.count, 8)
        for race in races {
            XCTAssertEqual(race.sides.map(\.function), ["Person.changeName", "Person.changeName"])
            XCTAssertEqual(race.sides[0].file, "Lessons/03-thread-safety/Person.swift")
            XCTAssertTrue(race.involves("Person.changeName"))
            XCTAssertFalse(race.involves("Person.name.getter"))
        }
        XCTAssertEqual(
            races[0].description,
            "data race on heap block of size 48: Person.changeName reads (Lessons/03-thread-safety/Person.swift:17) while Person.changeName writes (Lessons/03-thread-safety/Person.swift:17) on another thread"
        )
    }

    func testFunctionNames() {
        XCTAssertEqual(functionName("Person.changeName(firstName:lastName:)"), "Person.changeName")
        XCTAssertEqual(functionName("closure #1 in Person.changeName(firstName:lastName:)"), "Person.changeName")
        XCTAssertEqual(
            functionName("partial apply for closure #2 in ThreadSafePerson.name.getter"), "ThreadSafePerson.name.getter"
        )
        XCTAssertEqual(functionName("Locked.withLock<A>(_:)"), "Locked.withLock")
    }

    /// What Darwin's atos prints of an async function's parts and of a conformance's witness (as the
    /// toolchain's `swift demangle` prints them in full), each read as the function the project wrote.
    func testAsyncPartsAndWitnessesAreNamedAsTheirFunction() {
        // swiftlang/swift-syntax#785, frame #60 of a real report.
        XCTAssertEqual(
            functionName(
                "(1) suspend resume partial function for closure #1 in static LintOrAnalyzeCommand.collectViolations(builder:)"
            ), "LintOrAnalyzeCommand.collectViolations")
        XCTAssertEqual(
            functionName("(2) await resume partial function for partial apply for closure #1 in Feed.reload()"),
            "Feed.reload")
        XCTAssertEqual(functionName("async function pointer to Person.changeName(first:)"), "Person.changeName")
        XCTAssertEqual(
            functionName("protocol witness for FavoriteEvents.events.getter in conformance FavoriteEventsController"),
            "FavoriteEventsController.events.getter")
        XCTAssertEqual(
            functionName(
                "(1) await resume partial function for protocol witness for lesson3.Renamable.changeName(first: Swift.String) async -> () in conformance lesson3.Person : lesson3.Renamable in lesson3"
            ), "lesson3.Person.changeName")
        XCTAssertEqual(
            functionName("protocol witness for Store.put(_:) in conformance Box<A>"), "Box.put",
            "a generic conforming type")
        XCTAssertEqual(
            functionName(
                "protocol witness for static lesson3.Renamable.make() -> lesson3.Renamable in conformance lesson3.Person : lesson3.Renamable in lesson3"
            ), "lesson3.Person.make")
    }
}
