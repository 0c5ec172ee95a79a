import Foundation
import XCTest

@testable import RaceLabKit

/// A contention round says it fell short only when it did: too few overlaps, and nothing stopped it.
final class LockstepTests: XCTestCase {
    private func played(_ round: Lockstep) -> Lockstep {
        XCTAssertEqual(round.done.wait(timeout: .now() + 20), .success, "the round never ended")
        return round
    }

    func testARoundShortOfAGoalNoMachineReachesFellShort() {
        let round = played(Lockstep(steps: 1_000_000, goal: Int.max, atLeast: 0, atMost: 0.05) { _, _ in true })
        XCTAssertGreaterThan(round.played, 0)
        XCTAssertTrue(round.fellShort)
    }

    func testARoundThatReachedItsGoalDidNotFallShort() {
        let round = played(Lockstep(steps: 1000, goal: 0, atLeast: 0, atMost: 5) { _, _ in true })
        XCTAssertFalse(round.fellShort)
    }

    func testARoundStoppedByWhatItFoundDidNotFallShort() {
        let round = played(
            Lockstep(
                steps: 1000, goal: Int.max, atLeast: 0, atMost: 5, call: { _, _ in true }, judge: { step in step < 3 }))
        XCTAssertTrue(round.stopped)
        XCTAssertEqual(round.played, 4)
        XCTAssertFalse(round.fellShort, "a fault found decides: nothing went unseen")
    }

    /// Calls of 2 ms each overlap in time at nearly every step, even when the machine is busy enough to
    /// keep a thread waiting for a core a millisecond; begun at the very same nanosecond, almost never. So a round that counts by begin times (exercise 5's, where one call waits for the
    /// other) counts far fewer, and one that counts by overlap far more.
    func testARoundThatCountsByBeginTimesCountsOnlyStepsBegunTogether() {
        let slow: @Sendable (Int, Int) -> Bool = { _, _ in
            usleep(2000)
            return true
        }
        let byOverlap = played(Lockstep(steps: 100, goal: Int.max, atLeast: 0, atMost: 5, call: slow))
        let byBegin = played(Lockstep(steps: 100, goal: Int.max, atLeast: 0, atMost: 5, meetWithin: 0, call: slow))
        XCTAssertGreaterThan(byOverlap.overlapped, byOverlap.played / 2, "calls of 2 ms each overlap in time")
        XCTAssertLessThan(byBegin.overlapped, byBegin.played / 2, "begun within 0 ns of each other")
    }

    /// A round that fell short says whose fault it may be: with other threads of the program spinning
    /// beside it, the program's own; with the program's other threads idle, the machine's. Four spin,
    /// so that they hold most of a core even on a machine busy with other work.
    func testARoundShortBesideBusyThreadsOfTheProgramSaysSo() {
        let spinning = RelaxedWord(1)
        for _ in 0..<4 {
            Thread.detachNewThread {
                while spinning.value == 1 {}
            }
        }
        let busy = played(Lockstep(steps: 1_000_000, goal: Int.max, atLeast: 0, atMost: 0.3) { _, _ in true })
        spinning.value = 0
        XCTAssertGreaterThan(busy.othersBusy, 0.5, "four threads spinning beside the round hold most of a core")
        let idle = played(Lockstep(steps: 1_000_000, goal: Int.max, atLeast: 0, atMost: 0.3) { _, _ in true })
        XCTAssertLessThan(idle.othersBusy, 0.5, "nothing else in the program ran")
    }
}
