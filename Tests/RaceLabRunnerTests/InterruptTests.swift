import Foundation
import XCTest

@testable import RaceLabRunner

/// The real `racelab` program, as an attendee runs it: its output arrives line by line through a pipe,
/// and Ctrl-C ends every process it started.
final class InterruptTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func testCtrlCDuringAHangingPageEndsThePageAndSaysSo_OutputArrivesLineByLineThroughAPipe() throws {
        let folder = NSTemporaryDirectory() + "racelab-interrupt-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "verdict: clean\ntimeout: 120\n---\nhello\n".write(
            toFile: "\(folder)/page.txt", atomically: true, encoding: .utf8)
        let pidFile = "\(folder)/page.pid"

        let racelab = Process()
        racelab.executableURL = URL(fileURLWithPath: builtProgram("racelab"))
        racelab.arguments = ["page", builtProgram("racelab-fixture"), "\(folder)/page.txt", "hang", pidFile]
        racelab.currentDirectoryURL = URL(fileURLWithPath: root)
        var environment = ProcessInfo.processInfo.environment
        environment["TSAN_OPTIONS"] = "atexit_sleep_ms=0"
        racelab.environment = environment
        let output = Pipe()
        let errors = Pipe()
        racelab.standardOutput = output
        racelab.standardError = errors
        let ended = DispatchSemaphore(value: 0)
        racelab.terminationHandler = { _ in ended.signal() }
        try racelab.run()

        // The first line arrives while the page still runs: racelab flushes every line into a pipe.
        var received = Data()
        let deadline = Date().addingTimeInterval(30)
        while !received.contains(UInt8(ascii: "\n")) && Date() < deadline {
            received.append(output.fileHandleForReading.availableData)
        }
        XCTAssertTrue(
            String(decoding: received, as: UTF8.self).hasPrefix("Checking "),
            "first line: \(String(decoding: received, as: UTF8.self))")
        XCTAssertTrue(racelab.isRunning, "the page hangs, so racelab is still running when its first line arrives")

        // The hanging page, started by racelab in a process group of its own, where Ctrl-C does not reach.
        var page: Int32 = 0
        while page == 0 && Date() < deadline {
            page = Int32((try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? "") ?? 0
            if page == 0 { Thread.sleep(forTimeInterval: 0.05) }
        }
        XCTAssertGreaterThan(page, 0, "the fixture never started")
        XCTAssertEqual(kill(page, 0), 0, "the page runs")

        kill(racelab.processIdentifier, SIGINT)
        XCTAssertEqual(ended.wait(timeout: .now() + 10), .success, "racelab did not end within 10 s of Ctrl-C")
        XCTAssertEqual(racelab.terminationStatus, 130)
        let rest = String(decoding: received + output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(rest.contains("Stopped (Ctrl-C): ended the program it was running"), rest)
        XCTAssertFalse(rest.contains("FAIL"), "a page killed by Ctrl-C is not reported as a failure: \(rest)")
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertFalse(stderr.contains("WARNING: ThreadSanitizer"), stderr)

        // No child left: the page is gone (once its new parent has reaped it).
        let gone = Date().addingTimeInterval(5)
        while kill(page, 0) == 0 && Date() < gone { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertEqual(kill(page, 0), -1, "the page \(page) still runs after racelab was stopped")
    }
}
