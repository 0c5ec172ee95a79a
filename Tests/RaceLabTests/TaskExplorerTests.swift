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
}
