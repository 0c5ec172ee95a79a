import Foundation
import XCTest

@testable import RaceLabKit

/// The partial-order reduction against full enumeration: the same outcomes (deadlock included), and
/// exactly one run per class, the classes counted by hand. On lesson 3's renames, lesson 14's ring and
/// seeded random programs of two and three threads, with and without locks.
final class ReductionTests: XCTestCase {
    /// Shared variables and a log of what each thread read. Unsynchronised on purpose: the explorer runs
    /// one thread at a time and hands over with a lock.
    /// @unchecked Sendable: explored threads use it one at a time.
    final class Memory: @unchecked Sendable {
        var values: [Int]
        var seen: [[Int]]
        init(variables: Int, threads: Int) {
            values = Array(repeating: 0, count: variables)
            seen = Array(repeating: [], count: threads)
        }
        var outcome: String {
            values.map(String.init).joined(separator: ",") + " | "
                + seen.map { $0.map(String.init).joined(separator: ".") }.joined(separator: " ")
        }
    }

    /// Lesson 3's two renames: a call, then the first name, then the last. 20 schedules; 4 classes, one
    /// per order of the first-name writes and of the last-name writes.
    private func renames(_ program: Explorer.Program) {
        let memory = Memory(variables: 2, threads: 2)
        for thread in 0..<2 {
            program.thread(
                "rename", steps: ["calls", "first", "last"],
                touching: [.nothing, .writes("firstName"), .writes("lastName")]
            ) {
                Interleaving.point("randomDelay")
                memory.values[0] = thread + 1
                Interleaving.point("randomDelay")
                memory.values[1] = thread + 1
            }
        }
        program.outcome { memory.outcome }
    }

    func testTwoRenamesAreFourClassesOfTwentySchedulesWithTheSameOutcomes() throws {
        let full = try Explorer().explore(renames)
        let reduced = try Explorer(reduction: .partialOrder).explore(renames)
        XCTAssertEqual(full.schedules, 20)
        XCTAssertEqual(reduced.schedules, 4)
        XCTAssertTrue(reduced.reduced)
        XCTAssertEqual(Set(reduced.outcomes.map(\.text)), Set(full.outcomes.map(\.text)))
        XCTAssertEqual(full.outcomes.count, 4)
    }

    func testThreadsAreKeptForTheNextRunEvenAfterADeadlock() throws {
        // Two threads taking two locks in opposite orders: 6 of 14 schedules deadlock.
        let deadlocking = { (program: Explorer.Program) in
            let locks = [ExplorableLock(), ExplorableLock()]
            for first in 0..<2 {
                program.thread("T\(first)") {
                    locks[first].lock()
                    locks[1 - first].lock()
                    locks[1 - first].unlock()
                    locks[first].unlock()
                }
            }
            program.outcome { "done" }
        }
        _ = try Explorer().explore(deadlocking)
        let before = ExplorerThreads.threadsMade
        for _ in 0..<5 {
            let found = try Explorer().explore(deadlocking)
            XCTAssertEqual(found.count { $0 == "deadlock" }, 6)
        }
        XCTAssertEqual(ExplorerThreads.threadsMade, before, "70 runs, 30 of them deadlocked, made new threads")
    }

    /// Lesson 14, page 5's ring of three transfers, as Bank.transfers builds it: each thread takes the
    /// lock of the account it takes from, then the other's. Every schedule, against the reduction's.
    private func ring(_ program: Explorer.Program) {
        let memory = Memory(variables: 3, threads: 3)
        let locks = (0..<3).map { _ in ExplorableLock() }
        for from in 0..<3 {
            let to = (from + 1) % 3
            program.thread(
                "transfer",
                touching: [.nothing, .acquires("L\(from)"), .acquires("L\(to)") + .writes("v\(from)", "v\(to)")]
            ) {
                locks[from].lock()
                locks[to].lock()
                memory.values[from] -= 10
                memory.values[to] += 10
                locks[to].unlock()
                locks[from].unlock()
            }
        }
        program.outcome { memory.outcome }
    }

    func testARingOfThreeTransfersIsSevenClassesOneOfThemDeadlock() throws {
        let full = try Explorer().explore(ring)
        let reduced = try Explorer(reduction: .partialOrder).explore(ring)
        XCTAssertEqual(Set(reduced.outcomes.map(\.text)), Set(full.outcomes.map(\.text)))
        XCTAssertTrue(full.outcomes.contains { $0.text == "deadlock" })
        XCTAssertEqual(full.schedules, 636)
        XCTAssertEqual(reduced.schedules, 7)
        XCTAssertEqual(reduced.count { $0 == "deadlock" }, 1)
        XCTAssertTrue(reduced.reduced)
        XCTAssertEqual(reduced.abandoned, 0)
    }

    func testASemaphoreTheReductionCannotFollowIsSearchedAnotherWayWithTheSameOutcomes() throws {
        // A waits for one of two signals. Reversing a signal and the wait it let through makes a sequence
        // in which A waits where nothing has signalled: optimal DPOR cannot follow it, and the search
        // runs again by source sets, counting runs.
        let signals = { (program: Explorer.Program) in
            let memory = Memory(variables: 1, threads: 3)
            let semaphore = ExplorableSemaphore(value: 0)
            program.thread("A", touching: [.nothing, .writes("x")]) {
                semaphore.wait()
                memory.values[0] = memory.values[0] * 10 + 1
            }
            program.thread("B", touching: [.writes("x")]) {
                memory.values[0] = memory.values[0] * 10 + 2
                _ = semaphore.signal()
            }
            program.thread("C", touching: [.nothing, .writes("x")]) {
                Interleaving.point()
                memory.values[0] = memory.values[0] * 10 + 3
                _ = semaphore.signal()
            }
            program.outcome { memory.outcome }
        }
        let full = try Explorer().explore(signals)
        let reduced = try Explorer(reduction: .partialOrder).explore(signals)
        XCTAssertEqual(Set(reduced.outcomes.map(\.text)), Set(full.outcomes.map(\.text)))
        XCTAssertLessThan(reduced.schedules, full.schedules)
        XCTAssertFalse(reduced.reduced)
    }

    func testALockHasTheSameNameInEveryRunOfAProgram() throws {
        // The reduction carries what a step touched from one run to the next: a lock must be known again
        // in a run whose lock objects are new ones (here kept alive, so none reuses an address).
        var kept: [ExplorableLock] = []
        let twoLocks = { (program: Explorer.Program) in
            let locks = [ExplorableLock(), ExplorableLock()]
            kept += locks
            for index in 0..<2 {
                program.thread("T\(index)") {
                    locks[index].lock()
                    locks[1 - index].lock()
                    locks[1 - index].unlock()
                    locks[index].unlock()
                }
            }
            program.outcome { "done" }
        }
        let first = try Explorer().replay("AABB", twoLocks)
        let second = try Explorer().replay("AABB", twoLocks)
        XCTAssertEqual(kept.count, 4)
        XCTAssertEqual(first.lockSteps, second.lockSteps)
        XCTAssertEqual(first.lockSteps[1].acquires, ["lock 0"], "named by the order it was made in")
    }

    func testStepsThatTouchEverythingLeaveEveryScheduleItsOwnClass() throws {
        let counter = { (program: Explorer.Program) in
            let memory = Memory(variables: 1, threads: 2)
            for _ in 0..<2 {
                program.thread("increment") {
                    let old = memory.values[0]
                    Interleaving.point()
                    memory.values[0] = old + 1
                }
            }
            program.outcome { memory.outcome }
        }
        XCTAssertEqual(try Explorer(reduction: .partialOrder).explore(counter).schedules, 6)
    }

    func testAWrongFootprintIsCaughtByTheOutcomes() throws {
        // Both writes said to touch nothing: the reduction runs one order and misses the other
        // outcome. The comparison with full enumeration (what the pages print) shows it.
        let lying = { (program: Explorer.Program) in
            let memory = Memory(variables: 1, threads: 2)
            for thread in 0..<2 {
                program.thread("write", touching: [.nothing, .nothing]) {
                    Interleaving.point()
                    memory.values[0] = thread + 1
                }
            }
            program.outcome { memory.outcome }
        }
        let full = try Explorer().explore(lying)
        let reduced = try Explorer(reduction: .partialOrder).explore(lying)
        XCTAssertNotEqual(Set(reduced.outcomes.map(\.text)), Set(full.outcomes.map(\.text)))
    }

    // MARK: Random programs

    /// One step of a random program: how it begins (a point, or taking a lock), what it reads and
    /// writes, and the locks it lets go at its end.
    struct Step {
        var takes: Int?
        var reads: [Int] = []
        var writes: [Int] = []
        var releases: [Int] = []
    }

    struct RandomProgram: CustomStringConvertible {
        var threads: [[Step]]
        var variables: Int
        var usesLocks: Bool { threads.joined().contains { $0.takes != nil } }

        var description: String {
            threads.enumerated().map { index, steps in
                Explorer.letters([index]) + ": "
                    + steps.map { step in
                        (step.takes.map { "lock\($0) " } ?? "") + step.reads.map { "r\($0)" }.joined()
                            + step.writes.map { "w\($0)" }.joined() + step.releases.map { " unlock\($0)" }.joined()
                    }.joined(separator: " | ")
            }.joined(separator: "; ")
        }

        func footprint(_ step: Step) -> Footprint {
            var footprint = Footprint.nothing
            for variable in step.reads { footprint = footprint + .reads("v\(variable)") }
            for variable in step.writes { footprint = footprint + .writes("v\(variable)") }
            if let lock = step.takes { footprint = footprint + .acquires("L\(lock)") }
            for lock in step.releases { footprint = footprint + .releases("L\(lock)") }
            return footprint
        }

        /// The program for the explorer. Step 0 runs from the start; each later step begins at a point
        /// or at a lock's `lock()`.
        func setup(_ program: Explorer.Program) {
            let memory = Memory(variables: variables, threads: threads.count)
            let locks = [ExplorableLock(), ExplorableLock()]
            for (index, steps) in threads.enumerated() {
                program.thread("T\(index)", touching: steps.map(footprint)) {
                    var sum = 0
                    for (number, step) in steps.enumerated() {
                        if let lock = step.takes {
                            locks[lock].lock()
                        } else if number > 0 {
                            Interleaving.point()
                        }
                        for variable in step.reads {
                            sum += memory.values[variable]
                            memory.seen[index].append(memory.values[variable])
                        }
                        for variable in step.writes { memory.values[variable] = sum * 3 + index * 7 + number + 1 }
                        for lock in step.releases { locks[lock].unlock() }
                    }
                }
            }
            program.outcome { memory.outcome }
        }
    }

    /// A random program: 2 or 3 threads of 1 to 3 steps (at most 6 in all), over 2 or 3 variables; with
    /// `locks`, some threads hold one or two of two locks across steps, in either order (deadlocks).
    static func randomProgram(_ random: inout Scenario, locks: Bool) -> RandomProgram {
        let threadCount = random.int(in: 2...3)
        let variables = random.int(in: 2...3)
        var budget = 6
        var threads: [[Step]] = []
        for thread in 0..<threadCount {
            let left = threadCount - thread - 1
            let count = random.int(in: 1...min(3, budget - left))
            budget -= count
            var steps = (0..<count).map { _ in
                var step = Step()
                for variable in 0..<variables {
                    switch random.int(in: 0...3) {
                    case 0: step.reads.append(variable)
                    case 1: step.writes.append(variable)
                    default: break
                    }
                }
                return step
            }
            if locks, count >= 2, random.int(in: 0...2) > 0 {
                // Take a lock at step 1 (or a later one), let it go at the last step; sometimes a second
                // lock inside it, at the step after.
                let first = random.int(in: 0...1)
                let at = random.int(in: 1...count - 1)
                steps[at].takes = first
                if at + 1 < count, random.int(in: 0...1) == 1 {
                    steps[at + 1].takes = 1 - first
                    steps[count - 1].releases = [1 - first, first]
                } else {
                    steps[count - 1].releases = [first]
                }
            }
            threads.append(steps)
        }
        if locks, threadCount == 2 || random.int(in: 0...1) == 0 {
            // The first two threads nest the two locks in opposite orders: lesson 4's deadlock.
            for thread in 0..<2 {
                let first = thread
                var steps = threads[thread] + Array(repeating: Step(), count: max(0, 3 - threads[thread].count))
                steps = Array(steps.prefix(3))
                for index in steps.indices {
                    steps[index].takes = nil
                    steps[index].releases = []
                }
                steps[1].takes = first
                steps[2].takes = 1 - first
                steps[2].releases = [1 - first, first]
                threads[thread] = steps
            }
        }
        return RandomProgram(threads: threads, variables: variables)
    }

    /// Counts the schedules and classes of a program by hand: every order of its steps in which each
    /// step that takes a lock finds it free (a run that can go no further, a deadlock, ends there), each
    /// brought to a canonical form (of the steps whose conflicting predecessors have all been placed,
    /// the lowest thread's next), and the distinct forms counted.
    static func classes(of program: RandomProgram) -> (schedules: Int, classes: Int) {
        let footprints = program.threads.map { $0.map(program.footprint) }
        var forms = Set<[Int]>()
        var schedules = 0
        func canonical(_ schedule: [Int]) -> [Int] {
            // The steps as (thread, ordinal), and which must come before which.
            var ordinal = Array(repeating: 0, count: footprints.count)
            let steps = schedule.map { thread -> (Int, Int) in
                defer { ordinal[thread] += 1 }
                return (thread, ordinal[thread])
            }
            var placed = Array(repeating: false, count: steps.count)
            var form: [Int] = []
            while form.count < steps.count {
                let next = steps.indices.filter { index in
                    !placed[index]
                        && !steps.indices.contains { earlier in
                            earlier < index && !placed[earlier]
                                && (steps[earlier].0 == steps[index].0
                                    || footprints[steps[earlier].0][steps[earlier].1].conflicts(
                                        with: footprints[steps[index].0][steps[index].1]))
                        }
                }.min { steps[$0].0 < steps[$1].0 }!
                placed[next] = true
                form.append(steps[next].0)
            }
            return form
        }
        func interleave(_ taken: [Int], _ holders: [Int: Int], _ schedule: [Int]) {
            let able = taken.indices.filter { thread in
                guard taken[thread] < program.threads[thread].count else { return false }
                return program.threads[thread][taken[thread]].takes.map { holders[$0] == nil } ?? true
            }
            if able.isEmpty {
                schedules += 1
                forms.insert(canonical(schedule))
                return
            }
            for thread in able {
                let step = program.threads[thread][taken[thread]]
                var (next, held) = (taken, holders)
                next[thread] += 1
                if let lock = step.takes { held[lock] = thread }
                for lock in step.releases { held[lock] = nil }
                interleave(next, held, schedule + [thread])
            }
        }
        interleave(footprints.map { _ in 0 }, [:], [])
        return (schedules, forms.count)
    }

    func testOnRandomProgramsTheReductionFindsEveryOutcomeInOneRunAClass() throws {
        var random = Scenario(seed: 42)
        for number in 0..<200 {
            let program = Self.randomProgram(&random, locks: false)
            let full = try Explorer().explore(program.setup)
            let reduced = try Explorer(reduction: .partialOrder).explore(program.setup)
            let counted = Self.classes(of: program)
            let context = "program \(number): \(program)"
            XCTAssertEqual(Set(reduced.outcomes.map(\.text)), Set(full.outcomes.map(\.text)), context)
            XCTAssertEqual(full.schedules, counted.schedules, context)
            XCTAssertEqual(reduced.schedules, counted.classes, context)
            XCTAssertEqual(reduced.abandoned, 0, context)
            XCTAssertTrue(reduced.reduced, context)
        }
    }

    func testOnRandomProgramsWithLocksTheReductionRunsOneScheduleAClassAndFindsEveryOutcomeAndDeadlock() throws {
        var random = Scenario(seed: 7)
        var deadlocks = 0
        var saved = 0
        for number in 0..<300 {
            let program = Self.randomProgram(&random, locks: true)
            let full = try Explorer().explore(program.setup)
            let reduced = try Explorer(reduction: .partialOrder).explore(program.setup)
            let counted = Self.classes(of: program)
            let context = "program \(number): \(program)"
            XCTAssertEqual(Set(reduced.outcomes.map(\.text)), Set(full.outcomes.map(\.text)), context)
            XCTAssertEqual(full.schedules, counted.schedules, context)
            XCTAssertEqual(reduced.schedules, counted.classes, context)
            XCTAssertEqual(reduced.abandoned, 0, context)
            XCTAssertTrue(reduced.reduced, context)
            if full.outcomes.contains(where: { $0.text == "deadlock" }) { deadlocks += 1 }
            saved += full.schedules - reduced.schedules
        }
        XCTAssertGreaterThan(deadlocks, 20, "few random programs deadlocked: the test would not see a lost deadlock")
        XCTAssertGreaterThan(saved, 0)
    }

    func testWithAPreemptionBoundTheReductionFindsWhatTheBoundedSearchFinds() throws {
        var random = Scenario(seed: 2014)
        for number in 0..<60 {
            let program = Self.randomProgram(&random, locks: number % 2 == 1)
            for bound in [0, 1, 2] {
                let full = try Explorer(maxPreemptions: bound).explore(program.setup)
                let reduced = try Explorer(maxPreemptions: bound, reduction: .partialOrder).explore(program.setup)
                XCTAssertEqual(
                    Set(reduced.outcomes.map(\.text)), Set(full.outcomes.map(\.text)),
                    "program \(number), at most \(bound) preemptions: \(program)")
                XCTAssertLessThanOrEqual(reduced.schedules, full.schedules)
            }
        }
    }
}

/// The random mode (PCT): the same seed draws the same runs; it finds a bug of depth 2 at least as
/// often as its bound promises; and what it finds replays.
final class RandomModeTests: XCTestCase {
    /// Three threads: each reads a shared value, pauses, and writes it plus one (depth 2: a lost update
    /// needs one read before another's write, and that write before the first thread's own).
    private func increments(_ program: Explorer.Program) {
        let memory = ReductionTests.Memory(variables: 1, threads: 3)
        for _ in 0..<3 {
            program.thread("increment") {
                let old = memory.values[0]
                Interleaving.point()
                memory.values[0] = old + 1
            }
        }
        program.outcome { memory.values[0] == 3 ? "3" : "lost" }
    }

    func testTheSameSeedDrawsTheSameRuns() throws {
        let first = try Explorer(random: 30, depth: 2, seed: 9).explore(increments)
        let second = try Explorer(random: 30, depth: 2, seed: 9).explore(increments)
        XCTAssertEqual(first.runs.map(\.schedule), second.runs.map(\.schedule))
        XCTAssertEqual(first.schedules, 30)
        let other = try Explorer(random: 30, depth: 2, seed: 10).explore(increments)
        XCTAssertNotEqual(first.runs.map(\.schedule), other.runs.map(\.schedule))
    }

    func testALostUpdateIsFoundAtLeastAsOftenAsTheBoundSaysAndReplays() throws {
        let found = try Explorer(random: 200, depth: 2, seed: 1, steps: 6).explore(increments)
        let bound = try XCTUnwrap(found.pctBound)
        XCTAssertEqual(bound, 1.0 / 18, accuracy: 1e-9)  // n = 3, k = 6, d = 2
        let lost = found.count { $0 == "lost" }
        XCTAssertGreaterThanOrEqual(Double(lost) / 200, bound)
        let schedule = try XCTUnwrap(found.outcomes.first { $0.text == "lost" }?.simplest.schedule)
        XCTAssertEqual(try Explorer().replay(schedule, increments).outcome, "lost")
    }

    func testDepthOneRunsEachThreadWholeInPriorityOrder() throws {
        // No change point: the highest thread runs to its end, then the next: never a lost update.
        let found = try Explorer(random: 50, depth: 1, seed: 3).explore(increments)
        XCTAssertEqual(found.count { $0 == "lost" }, 0)
        XCTAssertTrue(found.runs.allSatisfy { $0.preemptions == 0 })
    }
}
