import Foundation
import XCTest

@testable import RaceLabKit

/// The explorer on tasks: an actor on the explorer's executor, and a point for the download.
final class TaskExplorerTests: XCTestCase {
    // @unchecked Sendable: touched only by the explorer's jobs, one at a time.
    final class Counter: @unchecked Sendable { var downloads = 0 }

    actor Cache {
        nonisolated let executor: ExplorerExecutor
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
        let counter: Counter
        var stored: String?
        init(_ executor: ExplorerExecutor, _ counter: Counter) { (self.executor, self.counter) = (executor, counter) }

        func image() async -> String {
            if let stored { return stored }
            counter.downloads += 1
            await Interleaving.suspend("download")
            stored = "image"
            return "image"
        }
    }

    private func twoRequests(_ program: Explorer.TaskProgram) {
        let counter = Counter()
        let cache = Cache(program.executor, counter)
        program.task("A") { _ = await cache.image() }
        program.task("B") { _ = await cache.image() }
        program.outcome { "\(counter.downloads)" }
    }

    func testTwoRequestsAcrossAnAwaitDownloadTwiceInFourOfSixSchedules() throws {
        let found = try Explorer().exploreTasks(twoRequests)
        XCTAssertEqual(found.schedules, 6)
        XCTAssertEqual(found.count { $0 == "2" }, 4)
        XCTAssertEqual(try Explorer().replayTasks("AB", twoRequests).outcome, "2")
        XCTAssertEqual(try Explorer().replayTasks("AAB", twoRequests).outcome, "1")
    }

    func testATaskThatAwaitsSomethingElseStopsTheExplorerWithAReason() {
        XCTAssertThrowsError(
            try Explorer().exploreTasks { program in
                program.task("A") { try? await Task.sleep(nanoseconds: 50_000_000) }
                program.outcome { "" }
            }
        ) { error in
            XCTAssertTrue("\(error)".contains("awaits something the explorer does not schedule"), "\(error)")
        }
    }

    func testATaskThatBlocksItsThreadStopsTheExplorerWithAReason() {
        var explorer = Explorer()
        explorer.stepTimeLimit = 0.3
        let never = DispatchSemaphore(value: 0)
        XCTAssertThrowsError(
            try explorer.exploreTasks { program in
                program.task("A") {
                    await Interleaving.suspend()
                    _ = never.wait(timeout: .now() + 2)
                }
                program.outcome { "" }
            }
        ) { error in
            XCTAssertTrue("\(error)".contains("did not come back to a point within"), "\(error)")
        }
    }

    /// A list two tasks add one item to, under an explorable lock: in one taking of it, or (`split`) a
    /// check in one and the append in a second, within one job (no await between).
    // @unchecked Sendable: `items` is read and written holding `lock`.
    final class LockedList: @unchecked Sendable {
        let lock = ExplorableLock()
        var items: [String] = []

        func add(_ item: String, split: Bool) {
            lock.lock()
            let has = items.contains(item)
            if split {
                lock.unlock()
                lock.lock()
            }
            if !has { items.append(item) }
            lock.unlock()
        }
    }

    private func twoAdds(split: Bool) -> (Explorer.TaskProgram) -> Void {
        { program in
            let list = LockedList()
            program.task("A") { list.add("103", split: split) }
            program.task("B") { list.add("103", split: split) }
            program.outcome { "\(list.items.count)" }
        }
    }

    func testALockTakenTwiceInOneJobLetsAnotherTaskInBetween() throws {
        let split = try Explorer().exploreTasks(twoAdds(split: true))
        XCTAssertEqual(split.count { $0 == "2" } > 0, true, "\(split.outcomes.map(\.text))")
        // A checks and stops at its second taking; B checks too, and stops there; then both append.
        let run = try Explorer().replayTasks("ABAB", twoAdds(split: true))
        XCTAssertEqual(run.outcome, "2")
        XCTAssertEqual(run.lanes.first?.text, "runs to lock()")
        // A task's first taking of a free lock in a step is no point: each task runs whole.
        let whole = try Explorer().exploreTasks(twoAdds(split: false))
        XCTAssertEqual(whole.count { $0 != "1" }, 0, "\(whole.outcomes.map(\.text))")
        XCTAssertEqual(whole.schedules, 2)
    }

    func testTwoTasksTakingTwoLocksInOppositeOrdersDeadlock() throws {
        let found = try Explorer().exploreTasks { program in
            let first = ExplorableLock()
            let second = ExplorableLock()
            program.task("A") {
                first.lock()
                second.lock()
                second.unlock()
                first.unlock()
            }
            program.task("B") {
                second.lock()
                first.lock()
                first.unlock()
                second.unlock()
            }
            program.outcome { "done" }
        }
        XCTAssertGreaterThan(found.count { $0 == "deadlock" }, 0)
        XCTAssertGreaterThan(found.count { $0 == "done" }, 0)
    }
}
