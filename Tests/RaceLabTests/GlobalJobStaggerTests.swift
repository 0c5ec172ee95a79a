import Dispatch
import XCTest

@testable import RaceLabKit

/// The stagger exercise 15's quick round uses: held global jobs go one at a time, in the order they
/// were sent or reversed. Spaced 0.3 s apart here, so that the order they run in is the order they went.
final class GlobalJobStaggerTests: XCTestCase {
    /// Two detached tasks, made one after the other; the order their first steps ran in.
    private func firstSteps(_ order: GlobalJobStagger.Order) -> [Int] {
        XCTAssertTrue(GlobalJobStagger.hold(order, spacing: 0.3), "the runtime has swift_task_enqueueGlobal_hook")
        defer { GlobalJobStagger.hold(nil) }
        return twoTasksFirstSteps()
    }

    /// Two detached tasks, made one after the other while jobs are held; the order they ran in.
    private func twoTasksFirstSteps() -> [Int] {
        let ran = Locked<[Int]>([])
        let both = DispatchGroup()
        for number in 1...2 {
            both.enter()
            Task.detached {
                ran.withLock { $0.append(number) }
                both.leave()
            }
        }
        XCTAssertEqual(both.wait(timeout: .now() + 10), .success)
        return ran.current
    }

    func testReversedLetsTheLaterTaskRunFirst() {
        XCTAssertEqual(firstSteps(.reversed), [2, 1])
    }

    func testAsSentKeepsTheOrder() {
        XCTAssertEqual(firstSteps(.asSent), [1, 2])
    }

    /// Held for one window: the two tasks made together are spaced and reversed; once they went, jobs
    /// are no longer held.
    func testOneWindowHoldsTheJobsSentTogetherAndNoneAfter() {
        XCTAssertTrue(GlobalJobStagger.hold(.reversed, spacing: 0.3, windows: 1))
        defer { GlobalJobStagger.hold(nil) }
        XCTAssertTrue(GlobalJobStagger.holding)
        XCTAssertEqual(twoTasksFirstSteps(), [2, 1], "the window's two jobs, reversed")
        XCTAssertFalse(GlobalJobStagger.holding, "after its one window, nothing more is held")
    }

    /// A call that hands its change to a task of its own and sleeps 2 ms: with every window held, the
    /// read made when it returns went after the change (the twelfth adversarial round's remove); with
    /// two windows, before it.
    func testTwoWindowsLetTheReadGoBeforeATaskTheCallLeftBehind() async {
        func readAfterACallThatLeftATask(windows: Int?) async -> Bool {
            let changed = Locked(false)
            let (_, seen) = await GlobalJobStagger.lowThenHighAtOnce(
                {
                    Task { changed.withLock { $0 = true } }
                    try? await Task.sleep(nanoseconds: 2_000_000)
                }, then: { _ in changed.current }, windows: windows)
            try? await Task.sleep(nanoseconds: 200_000_000)  // the task's job let go, before the next call
            return seen
        }
        let everyWindow = await readAfterACallThatLeftATask(windows: nil)
        let twoWindows = await readAfterACallThatLeftATask(windows: 2)
        XCTAssertTrue(everyWindow, "every window held: the read's task waits behind the change's")
        XCTAssertFalse(twoWindows, "two windows: the read goes at once, the change's task still held")
    }
}
