import Dispatch
import XCTest

@testable import RaceLabKit

/// The count a driver reads to tell a poll from a program that sleeps until called.
final class ProcessWakeupsTests: XCTestCase {
    func testAThreadThatSleepsAndWakesIsCounted() throws {
        let window = try XCTUnwrap(ProcessWakeups.Window(), "Linux's getrusage gives the count")
        for _ in 0..<50 { usleep(1000) }  // 50 sleeps, each ended by a wake-up
        let (wakeups, _, seconds) = try XCTUnwrap(window.measured())
        XCTAssertGreaterThanOrEqual(wakeups, 50, "each sleep of a millisecond is a wake-up")
        XCTAssertGreaterThan(seconds, 0.04)
    }

    func testAPollWakesFarMoreThanAWait() throws {
        // A block that looks again every millisecond, for 0.1 s, against one wait of 0.1 s: what the
        // drivers of exercises 2 and 15 tell apart.
        let queue = DispatchQueue(label: "poll")
        func rate(_ body: (@escaping @Sendable () -> Void) -> Void) throws -> Double {
            let window = try XCTUnwrap(ProcessWakeups.Window())
            let ended = DispatchSemaphore(value: 0)
            body { ended.signal() }
            ended.wait()
            let (wakeups, _, seconds) = try XCTUnwrap(window.measured())
            return Double(wakeups) / seconds
        }
        let polled = try rate { end in
            let until = DispatchTime.now() + 0.1
            @Sendable func look() {
                if DispatchTime.now() >= until { return end() }
                queue.asyncAfter(deadline: .now() + .milliseconds(1), execute: look)
            }
            queue.async(execute: look)
        }
        let waited = try rate { end in queue.asyncAfter(deadline: .now() + 0.1, execute: end) }
        XCTAssertGreaterThan(polled, 500, "a poll every millisecond wakes the process at every look")
        XCTAssertLessThan(waited, polled / 5, "a wait of 0.1 s wakes it a few times at most")
    }

    func testABusyLoopKeepsACoreBusyAndWakesNothing() throws {
        let window = try XCTUnwrap(ProcessWakeups.Window())
        let start = DispatchTime.now().uptimeNanoseconds
        var spins = 0
        while DispatchTime.now().uptimeNanoseconds - start < 100_000_000 { spins &+= 1 }
        let (_, cpu, seconds) = try XCTUnwrap(window.measured())
        XCTAssertGreaterThan(cpu / seconds, 0.5, "a thread that never sleeps uses its core (\(spins) spins)")
        let idle = try XCTUnwrap(ProcessWakeups.Window())
        usleep(100_000)
        let (_, idleCPU, idleSeconds) = try XCTUnwrap(idle.measured())
        XCTAssertLessThan(idleCPU / idleSeconds, 0.2, "a thread that sleeps uses next to none")
    }
}
