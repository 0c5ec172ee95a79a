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
        // A block that looks again a millisecond later, 100 times, against one wait of 0.1 s: what the
        // drivers of exercises 2 and 15 tell apart. Counted in wake-ups, not a second's: a busy machine
        // spreads the looks over more time, and each still wakes the process.
        let queue = DispatchQueue(label: "poll")
        func wakeups(_ body: (@escaping @Sendable () -> Void) -> Void) throws -> Int {
            let window = try XCTUnwrap(ProcessWakeups.Window())
            let ended = DispatchSemaphore(value: 0)
            body { ended.signal() }
            ended.wait()
            return try XCTUnwrap(window.measured()).wakeups
        }
        let polled = try wakeups { end in
            @Sendable func look(_ left: Int) {
                if left == 0 { return end() }
                queue.asyncAfter(deadline: .now() + .milliseconds(1)) { look(left - 1) }
            }
            queue.async { look(100) }
        }
        let waited = try wakeups { end in queue.asyncAfter(deadline: .now() + 0.1, execute: end) }
        XCTAssertGreaterThanOrEqual(polled, 50, "a poll wakes the process at every look")
        XCTAssertLessThan(waited, polled / 5, "a wait of 0.1 s wakes it a few times at most")
    }

    func testABusyLoopsCPUTimeIsCountedAndASleepsIsNot() throws {
        // The loop spins until its own thread has computed for 0.1 s: a busy machine makes it take longer
        // in real time, not less CPU time (a loop timed by the wall clock got 35% of a core beside a verify).
        let window = try XCTUnwrap(ProcessWakeups.Window())
        let own = threadCPUNanoseconds()
        var spins = 0
        while threadCPUNanoseconds() - own < 100_000_000 { spins &+= 1 }
        let (_, cpu, _) = try XCTUnwrap(window.measured())
        XCTAssertGreaterThanOrEqual(cpu, 0.095, "the process's CPU time holds the loop's 0.1 s (\(spins) spins)")
        let idle = try XCTUnwrap(ProcessWakeups.Window())
        usleep(100_000)
        let (_, idleCPU, idleSeconds) = try XCTUnwrap(idle.measured())
        XCTAssertLessThan(idleCPU / idleSeconds, 0.2, "a thread that sleeps uses next to none")
    }
}
