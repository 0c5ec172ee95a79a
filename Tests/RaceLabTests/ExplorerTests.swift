import Foundation
import XCTest

@testable import RaceLabKit

/// The schedule explorer's counts against counts worked out by hand, and its replays and refusals.
final class ExplorerTests: XCTestCase {
    /// A box the explored threads share. Unsynchronised on purpose: the explorer runs one thread at a
    /// time and hands over with a lock, which is what these tests prove it does.
    /// @unchecked Sendable: explored threads use it one at a time (a lock where not explored).
    final class Box<Value>: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Two threads, each `load; point; add; point; store` once: 6!/(3!·3!) = 20 schedules, and only
    /// AAABBB and BBBAAA keep both updates.
    private func counter(_ program: Explorer.Program) {
        let counter = Box(0)
        for name in ["A", "B"] {
            program.thread(name) {
                let loaded = counter.value
                Interleaving.point("loaded")
                let added = loaded + 1
                Interleaving.point("added")
                counter.value = added
            }
        }
        program.outcome { "\(counter.value)" }
    }

    func testTwoThreadsOfThreeStepsHaveTwentySchedulesAndEighteenLoseAnUpdate() throws {
        let found = try Explorer().explore(counter)
        XCTAssertEqual(found.schedules, 20)
        XCTAssertTrue(found.complete)
        XCTAssertEqual(found.count { $0 == "1" }, 18)
        XCTAssertEqual(found.count { $0 == "2" }, 2)
        XCTAssertEqual(found.outcomes.first { $0.text == "2" }?.simplest.preemptions, 0)
        XCTAssertEqual(found.outcomes.first { $0.text == "1" }?.simplest.preemptions, 1)
    }

    func testTheSameProgramGivesTheSameTableAndSchedules() throws {
        let first = try Explorer().explore(counter)
        let second = try Explorer().explore(counter)
        XCTAssertEqual(first.outcomes.map(\.text), second.outcomes.map(\.text))
        XCTAssertEqual(first.outcomes.map(\.count), second.outcomes.map(\.count))
        XCTAssertEqual(first.outcomes.map(\.simplest.schedule), second.outcomes.map(\.simplest.schedule))
    }

    func testNoPreemptionLeavesOnlyTheTwoSerialSchedules() throws {
        let found = try Explorer(maxPreemptions: 0).explore(counter)
        XCTAssertEqual(found.schedules, 2)
        XCTAssertEqual(found.count { $0 == "1" }, 0)
        XCTAssertEqual(try Explorer(maxPreemptions: 1).explore(counter).count { $0 == "1" } > 0, true)
    }

    /// `rename`: point; first = …; point; last = … (the seed's Person). Locked whole, or each write
    /// locked on its own (the broken version a page must catch).
    private func renames(locked: Bool, lockEachWrite: Bool = false) -> (Explorer.Program) -> Void {
        { program in
            let lock = ExplorableLock()
            let name = Box(("Alison", "Anderson"))
            for (first, last) in [("Charlie", "Cheesecake"), ("Delia", "Dingle")] {
                program.thread(first) {
                    if locked { lock.lock() }
                    randomDelay(upTo: 0.2)
                    if lockEachWrite { lock.holding { name.value.0 = first } } else { name.value.0 = first }
                    randomDelay(upTo: 1.0)
                    if lockEachWrite { lock.holding { name.value.1 = last } } else { name.value.1 = last }
                    if locked { lock.unlock() }
                }
            }
            program.outcome { "\(name.value.0) \(name.value.1)" }
        }
    }

    func testTwoRenamesTearInSixOfTwentySchedules() throws {
        let found = try Explorer().explore(renames(locked: false))
        XCTAssertEqual(found.schedules, 20)
        XCTAssertEqual(found.count { $0 == "Delia Cheesecake" }, 3)
        XCTAssertEqual(found.count { $0 == "Charlie Dingle" }, 3)
    }

    func testALockedRenameNeverTearsInAnyOfItsTenSchedules() throws {
        let found = try Explorer().explore(renames(locked: true))
        XCTAssertEqual(found.schedules, 10)
        XCTAssertEqual(Set(found.outcomes.map(\.text)), ["Charlie Cheesecake", "Delia Dingle"])
    }

    func testALockAroundEachWriteAloneStillTearsAndShowsTheSchedule() throws {
        let found = try Explorer().explore(renames(locked: false, lockEachWrite: true))
        let torn = try XCTUnwrap(found.outcomes.first { $0.text == "Delia Cheesecake" })
        let replayed = try Explorer().replay(torn.simplest.schedule, renames(locked: false, lockEachWrite: true))
        XCTAssertEqual(replayed.outcome, "Delia Cheesecake")
    }

    func testAScheduleStartIsFinishedByTheDefaultRule() throws {
        let run = try Explorer().replay("aab", renames(locked: false))
        XCTAssertEqual(run.schedule, "AABBBA")
        XCTAssertEqual(run.outcome, "Delia Cheesecake")
        XCTAssertEqual(run.lanes.map(\.thread), [0, 0, 1, 1, 1, 0])
    }

    func testLanesPutEachStepInItsThreadsColumnTimeGoingDown() throws {
        let run = try Explorer().replay("AB", counter)
        XCTAssertEqual(
            Lanes(names: run.names, steps: run.lanes).lines,
            [
                "  step  A: A            | B: B",
                "  1     runs to loaded",
                "  2                     | runs to loaded",
                "  3                     | runs to added",
                "  4                     | runs to its end",
                "  5     runs to added",
                "  6     runs to its end",
            ])
    }

    /// A program that keeps something from one run to the next does not replay: the search says so,
    /// and why, rather than which thread had finished.
    func testAProgramThatRunsDifferentlyEachTimeStopsTheSearchWithTheReason() {
        let runs = Locked(0)
        XCTAssertThrowsError(
            try Explorer().explore { program in
                let early = runs.withLock { count -> Bool in
                    count += 1
                    return count <= 2
                }
                program.thread("A") { if early { Interleaving.point("in the first two runs") } }
                program.thread("B") { Interleaving.point() }
                program.outcome { "" }
            }
        ) { error in
            XCTAssertTrue("\(error)".contains("a run did not go as the one it starts like"), "\(error)")
            XCTAssertTrue("\(error)".contains("keeps something from one run to the next"), "\(error)")
        }
    }

    func testAScheduleThatCannotHappenIsRefusedWithItsReason() {
        XCTAssertThrowsError(try Explorer().replay("ABC", renames(locked: false))) { error in
            XCTAssertTrue("\(error)".contains("no thread C"), "\(error)")
        }
        XCTAssertThrowsError(try Explorer().replay("AABB", renames(locked: true))) { error in
            XCTAssertTrue("\(error)".contains("step 4: B waits for the lock A holds"), "\(error)")
        }
        XCTAssertThrowsError(try Explorer().replay("AAAAA", renames(locked: false))) { error in
            XCTAssertTrue("\(error)".contains("A has finished"), "\(error)")
        }
        XCTAssertThrowsError(try Explorer().replay("AAABBBA", renames(locked: false))) { error in
            XCTAssertTrue("\(error)".contains("every thread has finished after 6 steps"), "\(error)")
        }
        XCTAssertThrowsError(try Explorer.parse("AB1"))
        XCTAssertThrowsError(try Explorer.parse("Aß"), "not a letter A to Z, though its upper case starts with S")
        XCTAssertEqual(try Explorer.parse("a b"), [0, 1])
    }

    func testLocksTakenInOppositeOrdersDeadlockInSomeSchedule() throws {
        let found = try Explorer().explore { program in
            let first = ExplorableLock()
            let second = ExplorableLock()
            program.thread("A") { first.holding { second.holding {} } }
            program.thread("B") { second.holding { first.holding {} } }
            program.outcome { "done" }
        }
        XCTAssertGreaterThan(found.count { $0 == "deadlock" }, 0)
        XCTAssertGreaterThan(found.count { $0 == "done" }, 0)
    }

    /// The reduction runs one schedule of a class, here a ring of three lock takings' deadlock in
    /// AABBCC (2 preemptions); `simplestOfAll` finds its equal with the fewest preemptions of every
    /// schedule, AACCBB (1).
    func testTheSimplestScheduleOfAReducedOutcomeIsTheFewestPreemptionsOfAll() throws {
        let ring: (Explorer.Program) -> Void = { program in
            let locks = (0..<3).map { _ in ExplorableLock() }
            for index in 0..<3 {
                let (from, to) = (locks[index], locks[(index + 1) % 3])
                let (mine, next) = ("\(index)", "\((index + 1) % 3)")
                program.thread(mine, touching: [.nothing, .acquires(mine), .acquires(next) + .releases(mine, next)]) {
                    from.holding { to.holding {} }
                }
            }
            program.outcome { "done" }
        }
        let reduced = Explorer(reduction: .partialOrder)
        var found = try reduced.explore(ring)
        let ran = try XCTUnwrap(found.outcomes.first { $0.text == "deadlock" }?.simplest)
        XCTAssertGreaterThan(ran.preemptions, 1, "the class's run the reduction chose: \(ran.schedule)")
        try found.simplestOfAll("deadlock", explorer: reduced) { try $0.explore(ring) }
        let simplest = try XCTUnwrap(found.outcomes.first { $0.text == "deadlock" }?.simplest)
        XCTAssertEqual(simplest.preemptions, 1, simplest.schedule)
        XCTAssertEqual(try Explorer().replay(simplest.schedule, ring).outcome, "deadlock")
    }

    /// A thread spawned during a step: `start` spawns the callback, pauses, then writes "executing";
    /// the callback pauses, then writes "finished". Three schedules; in one, "executing" comes last.
    func testASpawnedThreadIsScheduledToo() throws {
        let found = try Explorer().explore { program in
            let state = Box("ready")
            program.thread("start") {
                Interleaving.detachNewThread(named: "callback") {
                    randomDelay(upTo: 0.02)
                    state.value = "finished"
                }
                sleep(lessonSeconds: 0.01)
                state.value = "executing"
            }
            program.outcome { state.value }
        }
        XCTAssertEqual(found.schedules, 3)
        XCTAssertEqual(found.count { $0 == "executing" }, 1)
        XCTAssertEqual(found.outcomes.first { $0.text == "executing" }?.simplest.schedule, "ABBA")
    }

    func testAThreadThatWaitsForSomethingElseStopsTheExplorerWithAReason() {
        var explorer = Explorer()
        explorer.stepTimeLimit = 0.3
        let never = DispatchSemaphore(value: 0)
        XCTAssertThrowsError(
            try explorer.explore { program in
                program.thread("A") { _ = never.wait(timeout: .now() + 2) }
                program.outcome { "" }
            }
        ) { error in
            XCTAssertTrue("\(error)".contains("did not come back"), "\(error)")
        }
    }

    func testOutsideTheExplorerThePointsDoNothingAndTheLockIsALock() {
        Interleaving.point()
        let lock = ExplorableLock()
        let count = Box(0)
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in lock.holding { count.value += 1 } }
        XCTAssertEqual(count.value, 1000)
    }
}
