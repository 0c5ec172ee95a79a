import Foundation
import XCTest

import RaceLabKit
@testable import RaceLabRunner

/// Inputs an outside check fed `racelab page`: each gets a clear answer, never a wrong one.
final class BadInputTests: ExerciseWorkspaceTestCase {
    let page = "verdict: race Person.changeName\n# a comment\n---\n== Page 1 ==\n[{{~1s}}] done\n"

    private func saved(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "racelab-bad-input-\(UUID().uuidString).txt"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// Saved on Windows (CRLF), or with a byte-order mark: read as the LF file it is.
    func testCRLFAndAByteOrderMarkReadAsLF() throws {
        let plain = try Transcript(contentsOf: try saved(Array(page.utf8)))
        let crlf = try Transcript(contentsOf: try saved(Array(page.replacingOccurrences(of: "\n", with: "\r\n").utf8)))
        let bom = try Transcript(contentsOf: try saved([0xEF, 0xBB, 0xBF] + Array(page.utf8)))
        for transcript in [crlf, bom] {
            XCTAssertEqual(transcript.verdict, plain.verdict)
            XCTAssertTrue(transcript.match("== Page 1 ==\n[ 1.00s] done\n", times: .init()).mismatch == nil)
        }
        XCTAssertThrowsError(try Transcript(parsing: page.replacingOccurrences(of: "\n", with: "\r\n"))) {
            XCTAssertTrue("\($0)".contains("no '---' line"), "parsing text itself stays strict: \($0)")
        }
    }

    /// A binary file: "not UTF-8", where, and on which line.
    func testABinaryFileSaysWhereItIsNotUTF8() throws {
        let bytes = Array("verdict: clean\n---\nab".utf8) + [0xFF, 0xFE, 0x00, 0x12]
        XCTAssertThrowsError(try Transcript(contentsOf: try saved(bytes))) {
            XCTAssertEqual(
                "\($0)",
                "line 3: not UTF-8, at byte 22 (line 3): a transcript is text, saved as UTF-8 (is this the right file?)"
            )
        }
        XCTAssertNil(firstInvalidUTF8(Array("héllo, 世界 🙂".utf8)))
        XCTAssertEqual(firstInvalidUTF8([0x41, 0xC0, 0x80]), 1, "an overlong form")
        XCTAssertEqual(firstInvalidUTF8([0x41, 0xED, 0xA0, 0x80]), 1, "a surrogate")
        XCTAssertEqual(firstInvalidUTF8([0x41, 0xE4, 0xB8]), 1, "cut short at the end")
    }

    /// A 10 MB line, in a header value or in the body: the answer quotes 300 characters of it.
    func testAHugeLineIsQuotedShort() throws {
        let huge = String(repeating: "x", count: 10_000_000)
        XCTAssertThrowsError(try Transcript(parsing: "verdict: \(huge)\n---\n")) {
            XCTAssertLessThan("\($0)".count, 600)
        }
        let transcript = try Transcript(parsing: "---\n\(huge)\n")
        let mismatch = try XCTUnwrap(transcript.match("y\(huge)\n", times: .init()).mismatch)
        XCTAssertLessThan(CheckProblem.output(mismatch).description.count, 1000)
    }

    /// Two reports mixed line by line: said so, and no race is named from them; the same reports one
    /// after the other are read as before.
    func testInterleavedReportsNameNoRace() throws {
        let stderr = try capturedStderr("lesson3-page2.stderr")
        let blocks = stderr.components(separatedBy: "==================\n").filter { $0.contains("WARNING:") }
        let one = blocks[0].split(separator: "\n", omittingEmptySubsequences: false)
        let two = blocks[1].split(separator: "\n", omittingEmptySubsequences: false)
        var mixed: [Substring] = []
        for index in 0..<max(one.count, two.count) {
            if index < one.count { mixed.append(one[index]) }
            if index < two.count { mixed.append(two[index]) }
        }
        XCTAssertTrue(parseTSanReports(mixed.joined(separator: "\n")).allSatisfy(\.isInterleaved))
        XCTAssertFalse(parseTSanReports(stderr).contains(where: \.isInterleaved), "real reports are never mixed")
        let run = ProcessResult(
            ending: .exited(66), stdout: "== Page 1 ==\n[ 1.00s] done\n", stderr: mixed.joined(separator: "\n"),
            seconds: 1)
        let outcome = judge(
            run, transcript: try Transcript(parsing: page), root: TSanReportTests.capturedRoot, cap: 1 << 20)
        XCTAssertTrue(outcome.races.isEmpty)
        XCTAssertEqual(outcome.problems.map(\.description), [CheckProblem.interleavedReports.description])
        XCTAssertTrue(outcome.hasInterleavedReports)
    }

    /// Killed while TSan wrote: the note says what stderr held, not "nothing on stderr".
    func testAKilledPageSaysWhatStderrHeld() throws {
        let stderr = try capturedStderr("lesson3-page2.stderr")
        let cut = String(stderr.prefix(stderr.count / 3))
        let summary = crashSummary(cut, signal: SIGKILL)
        XCTAssertTrue(summary[0].contains("cut off mid-report"), "\(summary)")
        XCTAssertTrue(summary[1].hasPrefix("SIGKILL comes from outside"))
        XCTAssertFalse(summary.joined().contains("nothing on stderr"))
        XCTAssertEqual(crashSummary("", signal: SIGKILL), ["(nothing on stderr)", killedFromOutside])
        XCTAssertTrue(crashSummary("", signal: SIGILL)[0].hasPrefix("(nothing on stderr: Dispatch traps"))
    }

    /// A transcript that cannot be read is a transcript error, not a page's result.
    func testAnUnreadableTranscriptIsATranscriptError() throws {
        let runner = try runner()
        let outcome = runner.transcriptFailure(
            "transcripts/page1.txt", Transcript.Problem(line: 1, message: "no '---' line"))
        XCTAssertTrue(outcome.transcriptUnreadable)
        XCTAssertFalse(outcome.passed)
        runner.report("lesson 1 page 1", outcome)
        XCTAssertEqual(
            printed,
            [
                "TRANSCRIPT ERROR  lesson 1 page 1  (not run: its transcript must be mended first)",
                "    transcript error: transcripts/page1.txt: line 1: no '---' line",
            ])
        XCTAssertFalse(RunOutcome(problems: [.message("x")], races: [], seconds: 0, stdout: "").transcriptUnreadable)
    }

    /// A race expected in a name the program does not have: "a typo?", from the sources or the program.
    func testAnExpectedRaceInANameNowhereIsCalledATypo() throws {
        let folder = NSTemporaryDirectory() + "racelab-names-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/lesson", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        try "final class Person { var name = \"\"; func changeName() {} }\n".write(
            toFile: folder + "/lesson/main.swift", atomically: true, encoding: .utf8)
        let sources = [Subject.SourceFolder(path: "lesson", recursive: false)]
        func problems(_ missing: [String], sources: [Subject.SourceFolder]?, executable: String = "/nonexistent")
            -> [String]
        {
            UnknownNames.problems(missing: missing, root: folder, sources: sources, executable: executable)
                .map(\.description)
        }
        XCTAssertEqual(
            problems(["NoSuchType.frobnicate"], sources: sources),
            [
                "no 'NoSuchType' in this lesson's sources: a typo? The transcript expects a race in NoSuchType.frobnicate, a name the program does not have"
            ])
        XCTAssertEqual(problems(["Person.frobnicate"], sources: sources).count, 1)
        XCTAssertEqual(
            problems(["Person.changeName", "Person.name.getter"], sources: sources), [], "real names: a missed race")
        XCTAssertEqual(problems(["top-level code of main.swift"], sources: sources), [])
        XCTAssertEqual(problems(["top-level code of other.swift"], sources: sources).count, 1)
        // No sources known (`racelab page`): the program's own bytes.
        XCTAssertEqual(
            problems(["NoSuchType.frobnicate"], sources: nil, executable: folder + "/lesson/main.swift")[0].prefix(37),
            "no 'NoSuchType' in the program it ran")
        XCTAssertEqual(problems(["Person.changeName"], sources: nil, executable: folder + "/lesson/main.swift"), [])
        XCTAssertEqual(problems(["NoSuchType.frobnicate"], sources: nil), [], "nothing to look in: nothing said")
    }

    /// A time missed at real speed by no more than the runner's own chain of naps fell behind by then:
    /// a busy machine. Later than that, early, or off in its output: not excused.
    func testALateLineWithinTheMachinesOwnLatenessIsExcused() throws {
        func late(by seconds: Double, at time: Double = 1.3) -> RunOutcome {
            var mismatch = OutputMismatch()
            let expected = (time - 0.3)...time
            mismatch.timeMisses = [
                .init(actual: time + 0.1 + seconds, expected: expected, allowed: (time - 0.4)...(time + 0.1))
            ]
            return RunOutcome(problems: [.timing(mismatch)], races: [], seconds: 2, stdout: "")
        }
        // Behind by 0.1 s at 1 s, 0.3 s from 1.5 s on.
        let lateness = MachineLateness.Lateness(samples: [
            .init(at: 0, by: 0), .init(at: 1.0, by: 0.1), .init(at: 1.5, by: 0.3),
        ])
        XCTAssertTrue(lateness.explains(late(by: 0.2)), "at 1.6 s the chain was 0.3 s behind")
        XCTAssertFalse(lateness.explains(late(by: 0.2, at: 0.8)), "at 1.1 s it was only 0.1 s behind")
        XCTAssertFalse(lateness.explains(late(by: 0.4)))
        XCTAssertFalse(lateness.explains(late(by: -1.0)), "early: no busy machine makes that")
        var withContent = late(by: 0.1)
        withContent.problems.append(.output(OutputMismatch()))
        XCTAssertFalse(lateness.explains(withContent))
        XCTAssertFalse(lateness.explains(RunOutcome(problems: [], races: [], seconds: 0, stdout: "")))
        XCTAssertEqual(lateness.atEnd, 0.3)
    }

    /// The probe itself: started and stopped, its chain begins at zero and is never ahead.
    func testTheProbeMeasuresAChainThatIsNeverAhead() {
        let probe = MachineLateness()
        Thread.sleep(forTimeInterval: 0.3)
        let lateness = probe.stop()
        XCTAssertGreaterThanOrEqual(lateness.samples.count, 3, "about six naps in 0.3 s")
        XCTAssertTrue(lateness.samples.allSatisfy { $0.by >= 0 })
        XCTAssertEqual(lateness.samples.map(\.at), lateness.samples.map(\.at).sorted())
    }
}

/// What the outside check's adversarial round fed the reader next: each refused clearly, or read right.
final class OddTranscriptFileTests: XCTestCase {
    private func saved(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "racelab-odd-\(UUID().uuidString).txt"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func refusal(_ path: String) -> String {
        do {
            _ = try Transcript(contentsOf: path)
            return "read"
        } catch {
            return "\(error)"
        }
    }

    func testOldMacLineEndsAndDoubleConversionReadAsLF() throws {
        let page = "verdict: clean\n---\nfirst\nsecond\n"
        for ending in ["\r", "\r\r\n"] {
            let transcript = try Transcript(
                contentsOf: try saved(Array(page.replacingOccurrences(of: "\n", with: ending).utf8)))
            XCTAssertNil(transcript.match("first\nsecond\n").mismatch, "line ends \(ending.debugDescription)")
        }
    }

    func testNulBytesABOMInsideAndFilesThatAreNoTranscriptAreRefused() throws {
        XCTAssertEqual(
            refusal(try saved(Array("verdict: clean\n---\nab".utf8) + [0, 0, 0])),
            "line 3: a NUL byte at byte 22 (line 3): not text, or saved as UTF-16; save it as UTF-8")
        XCTAssertEqual(
            refusal(try saved(Array("verdict: clean\n\u{FEFF}---\n".utf8))),
            "line 2: an invisible byte-order mark (U+FEFF) in line 2: an editor saved one twice; delete it")
        XCTAssertEqual(refusal(try saved([])), "is empty")
        XCTAssertEqual(refusal(try saved([0xEF, 0xBB, 0xBF, 0x0D, 0x0A])), "is empty (blank lines only)")
        let link = NSTemporaryDirectory() + "racelab-dangling-\(UUID().uuidString).txt"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/nonexistent/page1.txt")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: link) }
        XCTAssertEqual(refusal(link), "is a link to nothing (its target does not exist)")
        XCTAssertEqual(refusal(NSTemporaryDirectory()), "is a folder, not a transcript file")
        XCTAssertEqual(refusal("/dev/zero"), "is not a file of text (a device or a pipe)")
        XCTAssertEqual(refusal("/nonexistent/page1.txt"), "no such file (or it cannot be read)")
        let large = try saved(Array(repeating: UInt8(ascii: "x"), count: Transcript.largestFile + 1))
        XCTAssertTrue(refusal(large).hasPrefix("holds \(Transcript.largestFile + 1) bytes"), refusal(large))
    }

    func testControlCharactersAreQuotedVisibly() {
        XCTAssertEqual(visible("a\0b\rc\td"), "a\\u{0}b\\u{D}c\td")
        XCTAssertEqual(shortened("ab\u{7F}"), "ab\\u{7F}")
        XCTAssertEqual(visible("plain"), "plain")
    }
}

/// A page that expects races, whose run's ThreadSanitizer reports cannot be read (interleaved, or cut
/// off by a crash), is run again, up to twice more, and the first readable run decides. A page that
/// expects none fails on any report at once.
final class InterleavedRerunTests: XCTestCase {
    func testUnreadableReportsAreRunAgainOnlyWhereRacesAreExpected() throws {
        let folder = NSTemporaryDirectory() + "racelab-interleaved-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let captured = try capturedStderr("lesson3-page2.stderr")
        let blocks = captured.components(separatedBy: "==================\n").filter { $0.contains("WARNING:") }
        let (one, two) = (blocks[0].split(separator: "\n"), blocks[1].split(separator: "\n"))
        let mixed = zip(one, two).flatMap { [$0, $1] }.joined(separator: "\n")
        try mixed.write(toFile: "\(folder)/mixed.txt", atomically: true, encoding: .utf8)
        try captured.write(toFile: "\(folder)/readable.txt", atomically: true, encoding: .utf8)
        // A report cut off by a crash: the first half of one, then the process dies of SIGSEGV.
        let cut = "==================\n" + blocks[0].split(separator: "\n").prefix(6).joined(separator: "\n") + "\n"
        try cut.write(toFile: "\(folder)/cut.txt", atomically: true, encoding: .utf8)
        /// A page whose first run prints `first` and whose later runs print the readable report; `runs`
        /// counts them.
        func page(first: String, crash: Bool = false) throws -> String {
            try? FileManager.default.removeItem(atPath: "\(folder)/runs")
            let script = "\(folder)/page.sh"
            try """
            #!/bin/sh
            echo done
            echo run >> "\(folder)/runs"
            if [ "$(wc -l < "\(folder)/runs")" -gt 1 ]; then cat "\(folder)/readable.txt" >&2; exit 66; fi
            cat "\(folder)/\(first)" >&2
            \(crash ? "kill -SEGV $$" : "exit 66")
            """.write(toFile: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
            return script
        }
        func runs() -> Int {
            ((try? String(contentsOfFile: "\(folder)/runs", encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        let racy = try Transcript(parsing: "verdict: race Person.changeName\nexit: 66\n---\ndone\n")
        let mixedFirst = checkRun(try page(first: "mixed.txt"), arguments: [], transcript: racy, root: folder)
        XCTAssertTrue(mixedFirst.passed, "\(mixedFirst.problems)")
        XCTAssertTrue(mixedFirst.ranAgainForInterleavedReports)
        XCTAssertEqual(runs(), 2)
        let crashedFirst = checkRun(
            try page(first: "cut.txt", crash: true), arguments: [], transcript: racy, root: folder)
        XCTAssertTrue(crashedFirst.passed, "a report cut off by a crash is read again: \(crashedFirst.problems)")
        XCTAssertEqual(runs(), 2)

        // Expected clean: any report is a race that happened. It fails at once, and is not run again.
        let clean = try Transcript(parsing: "verdict: clean\n---\ndone\n")
        let cleanPage = checkRun(try page(first: "mixed.txt"), arguments: [], transcript: clean, root: folder)
        XCTAssertFalse(cleanPage.passed)
        XCTAssertFalse(cleanPage.ranAgainForInterleavedReports)
        XCTAssertEqual(runs(), 1)
        XCTAssertEqual(cleanPage.verdict, "TSan: reports interleaved, unread")

        // A wrong fix documented to race is judged by its race: the transcript's verdict is clean (its
        // solution's), but its unreadable run is run again as a racy page's is.
        let wrongFix = checkRun(
            try page(first: "mixed.txt"), arguments: [], transcript: clean, root: folder, racesDocumented: true)
        XCTAssertTrue(wrongFix.ranAgainForInterleavedReports)
        XCTAssertEqual(runs(), 2)
        XCTAssertTrue(wrongFix.races.contains { $0.involves("Person.changeName") }, "\(wrongFix.races)")

        // Mixed every time: three runs, then it fails, saying why, and names no race.
        try "#!/bin/sh\necho done\necho run >> \"\(folder)/runs\"\ncat \"\(folder)/mixed.txt\" >&2\nexit 66\n".write(
            toFile: "\(folder)/page.sh", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(folder)/page.sh")
        try? FileManager.default.removeItem(atPath: "\(folder)/runs")
        let always = checkRun("\(folder)/page.sh", arguments: [], transcript: racy, root: folder)
        XCTAssertFalse(always.passed)
        XCTAssertEqual(runs(), 3)
        XCTAssertTrue(always.problems.contains { $0.description == CheckProblem.interleavedReports.description })
        XCTAssertEqual(always.verdict, "TSan: reports interleaved, unread")
    }
}

/// A driver's own account of what is wrong (`explain`) reaches the verdict in its words, and is
/// checked against the transcript as any other line.
final class ExplanationTests: XCTestCase {
    func testExplainedLinesAreKeptForTheVerdict() throws {
        let stdout = [
            lineMark + "Your graph:",
            lineMark + explanationMark + "version check waits for itself: it can never start.",
            "my own print", lineMark + "The start-up graph is not right yet.",
        ].joined(separator: "\n")
        let lines = separateLessonLines(stdout)
        XCTAssertEqual(lines.explanations, ["version check waits for itself: it can never start."])
        XCTAssertFalse(lines.all.contains(explanationMark))
        let run = ProcessResult(ending: .exited(0), stdout: stdout + "\n", stderr: "", seconds: 1)
        let outcome = judge(
            run, transcript: try Transcript(parsing: "---\nYour graph:\nThe start-up graph is right.\n"),
            root: NSTemporaryDirectory(), cap: 1 << 16, ownLinesAllowed: true)
        XCTAssertFalse(outcome.passed)
        XCTAssertEqual(outcome.explanations, ["version check waits for itself: it can never start."])
        XCTAssertTrue(separateLessonLines(lineMark + "plain").explanations.isEmpty)
        // A fault line written by hand, "seen   <- hint", is the driver's account too; an attendee's own
        // print of one is not.
        let byHand = separateLessonLines(
            lineMark + "held an event twice" + FaultLine.arrow + "check and append at once\nx   <- y")
        XCTAssertEqual(byHand.explanations, ["held an event twice   <- check and append at once"])
    }
}

/// An attendee whose run printed its own verdict last and stopped short of the transcript is not told
/// that the output "ended early" (which reads as a crash), but what it said instead.
final class AttendeeEndingTests: XCTestCase {
    func testARunThatStopsShortIsToldWhatItSaid() throws {
        let transcript = try Transcript(parsing: "---\nGraph:\n...\nAll 3 found.\n")
        var mismatch = try XCTUnwrap(transcript.match("Graph:\nNot yet, 0 of 3 found.\n").mismatch)
        XCTAssertNil(mismatch.actual)
        XCTAssertTrue(CheckProblem.output(mismatch).description.contains("ended early"), "authors keep the old words")
        mismatch.forAttendee = true
        XCTAssertEqual(
            CheckProblem.output(mismatch).description,
            "the output never came to what it should have: \"All 3 found.\"\n  it said instead, last: \"Not yet, 0 of 3 found.\""
        )
    }
}

/// A pass short of contention blames the machine's other programs only when the driver did not measure
/// the attendee's own threads busy.
final class ShortOfContentionTests: XCTestCase {
    private func advice(_ second: String) -> [String] {
        var outcome = RunOutcome(
            problems: [], races: [], seconds: 1,
            stdout: "Round 4\n\(ContentionFellShort.mark)3 of the 60 overlaps the round aims for.\n\(second)\nDone.")
        outcome.contentionShortRuns = 3
        return Runner.shortOfContention(outcome, 13)
    }

    func testTheMachineIsBlamedWhenTheProgramsOtherThreadsWereIdle() {
        let said = advice("at once (one free core?), so a split may have gone unseen here.")
        XCTAssertEqual(said.count, 4)
        XCTAssertEqual(said[2], "  | at once (one free core?), so a split may have gone unseen here.")
        XCTAssertTrue(said[3].hasPrefix("Check again when two cores are free"), said[3])
    }

    func testTheAttendeesCodeIsNamedWhenItKeptACoreBusy() {
        let said = advice("at once: \(ContentionFellShort.ownThreadsBusy) 1.4 cores busy (the code under test), so …")
        // Not blamed on the attendee's code alone: the driver's other rounds keep cores busy too.
        XCTAssertTrue(said[3].hasPrefix("Its other threads kept a core busy beside the round"), said[3])
        XCTAssertTrue(said[3].contains("the driver's other rounds"), said[3])
        XCTAssertTrue(said[3].contains("work your code leaves running"), said[3])
    }
}

/// After the driver's own account, the verdict does not quote its line again, nor the transcript's
/// line at that place (only the next line of a right run); a line the account did not say is kept.
final class AccountNotRepeatedTests: XCTestCase {
    private let account = "Then each of the 200 asked for again: 200 downloaded again   <- the cache keeps every image"

    private func mismatch(actual: String?, lastLine: String? = nil) -> CheckProblem {
        var mismatch = OutputMismatch()
        (mismatch.outputLine, mismatch.actual, mismatch.transcriptLine) = (12, actual, 29)
        (mismatch.expected, mismatch.lastLine) = (
            "Then each of the 200 asked for again: none downloaded again.", lastLine
        )
        return .output(mismatch)
    }

    func testAMismatchAtTheDriversOwnLineIsNotToldAgain() {
        XCTAssertNil(Runner.withoutRepeating([account], mismatch(actual: account)))
    }

    private func told(_ problem: CheckProblem?) -> OutputMismatch? {
        guard case .output(let mismatch)? = problem else { return nil }
        return mismatch
    }

    func testAMismatchAtAHeadingOfTheAccountIsNotToldAgain() {
        let heading = "Refresh 2: 2 items, called back on a global queue:"
        let stdout = "Refresh 1: fine\n\(heading)\n  \(account)\nRefresh 3: fine\n"
        XCTAssertNil(Runner.withoutRepeating([account], mismatch(actual: heading), stdout: stdout))
        XCTAssertEqual(
            told(Runner.withoutRepeating([account], mismatch(actual: "Refresh 1: fine"), stdout: stdout))?.actual,
            "Refresh 1: fine", "a line not followed by the account is told")
    }

    func testAMismatchAtAnotherLineIsTold() {
        XCTAssertEqual(
            told(Runner.withoutRepeating([account], mismatch(actual: "Round 6: else")))?.actual, "Round 6: else")
        XCTAssertEqual(told(Runner.withoutRepeating([], mismatch(actual: account)))?.actual, account)
    }

    func testAnOutputThatStoppedShortDropsOnlyTheLastLineTheAccountSaid() {
        let kept = told(Runner.withoutRepeating([account], mismatch(actual: nil, lastLine: account)))
        XCTAssertNotNil(kept)
        XCTAssertNil(kept?.lastLine)
        XCTAssertEqual(kept?.expected, "Then each of the 200 asked for again: none downloaded again.")
    }
}
