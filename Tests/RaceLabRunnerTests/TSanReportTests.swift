import XCTest

@testable import RaceLabRunner

/// The parser and the verdict logic on reports ThreadSanitizer really printed (captured from lesson 3
/// page 2 and exercise 3's starter; the project lived in /work/main then).
final class TSanReportTests: XCTestCase {
    static let capturedRoot = "/work/main"

    func captured(_ name: String) throws -> String {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "TSanReports/\(name)", withExtension: "txt"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    func testParsesEveryWarningWithBothAccesses() throws {
        let reports = parseTSanReports(try captured("lesson3-page2.stderr"))
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
        let frame = parseFrame("    #5 _dispatch_continuation_pop crtstuff.c (libdispatch.so+0x2c087) (BuildId: cb8d2d)")
        XCTAssertEqual(frame?.symbol, "_dispatch_continuation_pop")
        XCTAssertNil(frame?.file)
        XCTAssertEqual(frame?.module, "libdispatch.so")
        XCTAssertNil(parseFrame("    #2 $s1ayyYbcfU_TA /<compiler-generated> (a+0xfd9c5)")?.file)
        let accessor = parseFrame("    #0 $s7lesson623CanonicalAsyncOperationC5stateAC5StateOvs /work/main/Lessons/06-async-operations/CanonicalAsyncOperation.swift (lesson6+0x1)")
        XCTAssertEqual(accessor?.file, "/work/main/Lessons/06-async-operations/CanonicalAsyncOperation.swift")
        XCTAssertNil(accessor?.line)
    }

    func testDescribesRacesWithDemangledProjectFunctions() throws {
        let races = describe(parseTSanReports(try captured("lesson3-page2.stderr")), root: Self.capturedRoot)
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
        XCTAssertEqual(functionName("partial apply for closure #2 in ThreadSafePerson.name.getter"), "ThreadSafePerson.name.getter")
        XCTAssertEqual(functionName("Locked.withLock<A>(_:)"), "Locked.withLock")
    }

    // MARK: verdicts

    let output = "hello\nworld\n"

    func result(stderr: String = "", ending: ProcessResult.Ending = .exited(0), timedOut: Bool = false) -> ProcessResult {
        ProcessResult(ending: ending, stdout: output, stderr: stderr, timedOut: timedOut, seconds: 1)
    }

    func judged(_ result: ProcessResult, _ header: String) -> RunOutcome {
        judge(result, transcript: try! Transcript(parsing: "\(header)\n---\nhello\nworld"), root: Self.capturedRoot, cap: 1024)
    }

    func testExpectedRaceThatHappenedPasses() throws {
        let racy = result(stderr: try captured("lesson3-page2.stderr"), ending: .exited(66))
        let outcome = judged(racy, "verdict: race Person.changeName")
        XCTAssertTrue(outcome.passed, "\(outcome.problems)")
        XCTAssertEqual(outcome.verdict, "races: Person.changeName ×8")
    }

    /// A report cut off after its first access (a killed process, a full pipe) fails once, saying it
    /// was cut off: not as an unexpected race, and not as an expected race that did not happen.
    func testACutOffReportFailsOnceAndSaysSo() throws {
        let whole = try captured("lesson3-page2.stderr")
        let first = try XCTUnwrap(whole.range(of: "  Previous"))
        let cut = result(stderr: String(whole[..<first.lowerBound]), ending: .exited(66))
        let outcome = judged(cut, "verdict: race Person.changeName")
        XCTAssertEqual(outcome.problems.count, 1, "\(outcome.problems)")
        XCTAssertTrue(outcome.problems[0].description.contains("was cut off"), "\(outcome.problems)")
        XCTAssertFalse(outcome.passed)
        XCTAssertTrue(judged(result(stderr: whole, ending: .exited(66)), "verdict: race Person.changeName").passed)
    }

    /// TSan names a property's accessors (`Person.name.getter`): a transcript that names the property
    /// alone can never match, and the failure says what to write instead.
    func testARacedPropertyNamedWithoutItsAccessorSaysWhatToWrite() throws {
        let stderr = """
            WARNING: ThreadSanitizer: data race (pid=1)
              Read of size 8 at 0x7b0c00000010 by thread T2:
                #0 $s7lesson36PersonC4nameSSvg /work/main/Lessons/03-thread-safety/Person.swift:23:9 (lesson3+0x1)

              Previous write of size 8 at 0x7b0c00000010 by thread T1:
                #0 $s7lesson36PersonC10changeName05firstD004lastD0ySS_SStF /work/main/Lessons/03-thread-safety/Person.swift:17:23 (lesson3+0x2)

            SUMMARY: ThreadSanitizer: data race /work/main/Lessons/03-thread-safety/Person.swift:23:9 in $s7lesson36PersonC4nameSSvg
            """
        let named = judged(result(stderr: stderr, ending: .exited(66)), "verdict: race Person.name, race Person.changeName")
        XCTAssertFalse(named.passed)
        XCTAssertEqual(named.problems.count, 1, "\(named.problems)")
        XCTAssertTrue(named.problems[0].description.contains("write 'race Person.name.getter'"), "\(named.problems)")
        XCTAssertTrue(judged(result(stderr: stderr, ending: .exited(66)), "verdict: race Person.name.getter").passed)
    }

    func testUnexpectedRaceFailsAndIsSummarisedOnce() throws {
        let racy = result(stderr: try captured("lesson3-page2.stderr"), ending: .exited(66))
        let outcome = judged(racy, "verdict: clean")
        XCTAssertFalse(outcome.passed)
        let unexpected = outcome.problems.compactMap { problem -> Int? in
            if case .unexpectedRace(_, let count) = problem { return count }
            return nil
        }
        XCTAssertEqual(unexpected.reduce(0, +), 8, "every report is counted")
        XCTAssertLessThan(unexpected.count, 8, "identical reports are grouped")
        XCTAssertFalse(outcome.problems.contains { if case .exitStatus = $0 { return true } else { return false } })
    }

    func testRaceInAnotherFunctionIsNotTheExpectedOne() throws {
        let racy = result(stderr: try captured("lesson3-page2.stderr"), ending: .exited(66))
        let outcome = judged(racy, "verdict: race Person.name.getter")
        XCTAssertTrue(outcome.problems.contains { if case .missingRace("Person.name.getter", _) = $0 { return true } else { return false } })
        XCTAssertTrue(outcome.problems.contains { if case .unexpectedRace = $0 { return true } else { return false } })
    }

    func testExpectedRaceThatDidNotHappenFails() {
        let outcome = judged(result(), "verdict: race Person.changeName")
        XCTAssertEqual(outcome.problems.count, 1)
        XCTAssertEqual(outcome.problems.first?.description, "expected a data race in Person.changeName, but ThreadSanitizer reported none there")
    }

    func testEndings() {
        XCTAssertTrue(judged(result(), "verdict: clean").passed)
        XCTAssertEqual(judged(result(ending: .exited(3)), "verdict: clean").problems.first?.description, "exit status 3, expected 0")
        XCTAssertTrue(judged(result(ending: .exited(3)), "exit: 3").passed)
        XCTAssertEqual(judged(result(ending: .exited(66)), "verdict: clean").problems.first?.description, "exit status 66 (ThreadSanitizer's) but no report could be read on stderr")
        XCTAssertTrue(judged(result(ending: .signalled(4)), "verdict: clean").problems.first!.description.hasPrefix("crashed with signal 4"))
        let stopped = judged(result(timedOut: true), "verdict: race Person.changeName")
        XCTAssertEqual(stopped.problems.count, 1, "a page stopped early is not also blamed for a race it never reached")
        XCTAssertTrue(stopped.problems[0].description.hasPrefix("did not finish within 60 s"))
    }

    func testStarterFailureKinds() throws {
        let racy = result(stderr: try captured("exercise3-starter.stderr"), ending: .exited(66))
        let outcome = judged(racy, "verdict: clean")
        XCTAssertTrue(outcome.problems.contains { $0.isCase(.race("Person.changeName")) })
        XCTAssertFalse(outcome.problems.contains { $0.isCase(.race("Person.name.getter")) })
        XCTAssertFalse(outcome.problems.contains { $0.isCase(.output) })
        XCTAssertFalse(outcome.problems.contains { $0.isCase(.timeout) })
    }
}

/// Reports captured from small programs built with `swiftc -sanitize=thread` in a folder whose path
/// has a space in it ("/tmp/tsan cases"): a static method, a free function on a global, top-level
/// code, a thread leak.
final class TSanNamingTests: XCTestCase {
    static let root = "/tmp/tsan cases"

    func races(_ name: String) throws -> [RaceDescription] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "TSanReports/space-\(name).stderr", withExtension: "txt"))
        return describe(parseTSanReports(try String(contentsOf: url, encoding: .utf8)), root: Self.root)
    }

    func testPathsWithSpacesAreTheProjects() throws {
        let frame = parseFrame("    #0 $s7globals4bumpyyF /tmp/tsan cases/globals.swift:3:23 (globals+0xfcb9b) (BuildId: 9bc0)")
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
        let url = try XCTUnwrap(Bundle.module.url(forResource: "TSanReports/space-globals.stderr", withExtension: "txt"))
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
        XCTAssertEqual(found[0].sides.map(\.function), ["top-level code of toplevel.swift", "top-level code of toplevel.swift"])
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
        XCTAssertEqual(lockTaken("Mutex M1 acquired here while holding mutex M0 in thread T1:"), "takes M1 while holding M0")
        XCTAssertNil(lockTaken("Mutex M0 previously acquired by the same thread here:"))
    }

    func testAThreadLeakIsReportedAsWhatItIsWithItsFrame() throws {
        let found = try races("leak")
        XCTAssertEqual(found.count, 1)
        XCTAssertFalse(found[0].isRace)
        XCTAssertEqual(found[0].description, "thread leak in top-level code of leak.swift (leak.swift:3)")
        let outcome = judge(
            ProcessResult(ending: .exited(66), stdout: "", stderr: try String(
                contentsOf: XCTUnwrap(Bundle.module.url(forResource: "TSanReports/space-leak.stderr", withExtension: "txt")), encoding: .utf8),
                seconds: 1),
            transcript: try Transcript(parsing: "verdict: race top-level code of leak.swift\n---\n"), root: Self.root, cap: 1 << 20)
        XCTAssertTrue(outcome.problems.contains { if case .unexpectedRace = $0 { return true } else { return false } }, "a leak is never an expected race")
        XCTAssertEqual(outcome.verdict, "TSan: thread leak in top-level code of leak.swift ×1")
    }

    func testVerdictFormsThatNameNothingAreRejected() {
        for bad in ["race changeName", "race .x", "race x.", "race top-level code", "race a b"] {
            XCTAssertThrowsError(try Transcript(parsing: "verdict: \(bad)\n---\n"), bad)
        }
    }
}
