import Foundation
import RaceLabKit
import XCTest

@testable import RaceLabRunner

final class JobsTests: XCTestCase {
    /// Later tasks are quicker, so they finish first; the results must still come in task order, and
    /// never more than `jobs` may run at once (and more than one must, or nothing ran side by side).
    func testResultsComeInTaskOrderWithAtMostJobsAtOnce() {
        let running = Locked((now: 0, most: 0))
        let tasks = (0..<9).map { index in
            { () -> Int in
                running.withLock {
                    $0.now += 1
                    $0.most = max($0.most, $0.now)
                }
                Thread.sleep(forTimeInterval: 0.01 * Double(9 - index))
                running.withLock { $0.now -= 1 }
                return index * 10
            }
        }
        var delivered: [Int] = []
        runInOrder(tasks, jobs: 3) { index, result in
            XCTAssertEqual(result, index * 10)
            delivered.append(index)
        }
        XCTAssertEqual(delivered, Array(0..<9))
        XCTAssertLessThanOrEqual(running.current.most, 3)
        XCTAssertGreaterThan(running.current.most, 1)
    }

    /// Tasks marked long start first, and their results still come in task order.
    func testLongTasksStartFirstAndResultsStayInOrder() {
        let started = Locked<[Int]>([])
        let tasks = (0..<6).map { index in
            { () -> Int in
                started.withLock { $0.append(index) }
                Thread.sleep(forTimeInterval: 0.01)
                return index
            }
        }
        var delivered: [Int] = []
        runInOrder(tasks, jobs: 2, startingFirst: [4, 5]) { index, result in
            XCTAssertEqual(result, index)
            delivered.append(index)
        }
        XCTAssertEqual(delivered, Array(0..<6))
        XCTAssertEqual(Set(started.current.prefix(2)), [4, 5], "the long tasks started first: \(started.current)")
    }

    func testOneJobRunsOneAtATime() {
        let running = Locked((now: 0, most: 0))
        let tasks = (0..<4).map { _ in
            { () -> Void in
                running.withLock {
                    $0.now += 1
                    $0.most = max($0.most, $0.now)
                }
                Thread.sleep(forTimeInterval: 0.005)
                running.withLock { $0.now -= 1 }
            }
        }
        var count = 0
        runInOrder(tasks, jobs: 1) { _, _ in count += 1 }
        XCTAssertEqual(count, 4)
        XCTAssertEqual(running.current.most, 1)
    }
}

final class ProcessRunnerLeakTests: XCTestCase {
    /// Every run closes its pipes: a stress run of hundreds of pages leaked one a second before, until
    /// Foundation's Process.run() crashed on the long /proc/self/fd listing.
    func testRunsLeaveNoPipesOpen() throws {
        // /dev/fd lists this process's descriptors on Linux (a link to /proc/self/fd) and on macOS.
        func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/dev/fd").count
        }
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/fd"), "needs /dev/fd")
        _ = runProcess("/bin/echo", arguments: ["warm up"], timeout: 10, outputCap: 1 << 10)
        let before = try openDescriptors()
        for _ in 0..<40 {
            let result = runProcess("/bin/cat", input: "some input\n", timeout: 10, outputCap: 1 << 10)
            XCTAssertEqual(result.stdout, "some input\n")
        }
        XCTAssertLessThanOrEqual(try openDescriptors(), before + 3, "pipes left open by runProcess")
    }
}
