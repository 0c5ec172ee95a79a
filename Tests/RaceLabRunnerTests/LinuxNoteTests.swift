import Foundation
import XCTest

@testable import RaceLabRunner

/// Notes on what behaves differently on Linux, said when an attendee's code uses it and it fails.
final class LinuxNoteTests: XCTestCase {
    func testAMutexInTheAttendeesCodeIsRecognised() {
        XCTAssertTrue(names("Mutex", in: "import Synchronization\nlet count = Mutex(0)"))
        XCTAssertTrue(names("Mutex", in: "    private let lock = Mutex<Int>(0)"))
        XCTAssertFalse(names("Mutex", in: "// a Mutex would do, but TSan misreads it\nlet lock = NSLock()"))
        XCTAssertFalse(names("Mutex", in: "let myMutexLike = NSLock()"))
    }

    func testARemovedDependencyInTheAttendeesCodeIsRecognised() {
        XCTAssertTrue(names("removeDependency", in: "schedule.removeDependency(news)"))
        // A name with a dot is the name: the dot is no pattern.
        XCTAssertTrue(names("DispatchQueue.main", in: "DispatchQueue.main.async { done() }"))
        XCTAssertFalse(names("DispatchQueue.main", in: "let q = DispatchQueueXmain()"))
        XCTAssertFalse(
            names("removeDependency", in: "// removeDependency does not help on Linux\nschedule.addDependency(login)"))
        XCTAssertFalse(names("removeDependency", in: "let removeDependencyCount = 0"))
    }

    func testAVerdictShowsControlCharactersInsteadOfSendingThem() {
        XCTAssertEqual(Runner.visible("read: Gina\0\0 Anderson"), "read: Gina\\0\\0 Anderson")
        XCTAssertEqual(Runner.visible("a\u{1b}[2Jb\tc"), "a\\u{1b}[2Jb\tc", "an escape shown, a tab kept")
        XCTAssertEqual(Runner.visible("plain – é"), "plain – é")
    }

    func testALinuxNoteAppliesToItsFailureOnly() {
        let crashed = RunOutcome(problems: [.crashed(signal: 4, stderrTail: [])], races: [], seconds: 1, stdout: "")
        let late = RunOutcome(problems: [.message("late")], races: [], seconds: 1, stdout: "")
        let conditionLock = "let gate = NSConditionLock(condition: 0)"
        XCTAssertEqual(LinuxNote.applying(to: crashed, sources: [conditionLock]).map(\.name), ["NSConditionLock"])
        XCTAssertTrue(LinuxNote.applying(to: late, sources: [conditionLock]).isEmpty, "not a crash")
        XCTAssertTrue(LinuxNote.applying(to: crashed, sources: ["let lock = NSLock()"]).isEmpty, "not used")
        XCTAssertEqual(
            LinuxNote.applying(to: late, sources: ["a.removeDependency(b)"]).map(\.name), ["removeDependency"])
    }
}
