import Dispatch
import Foundation
import XCTest

@testable import RaceLabKit

/// The locks and queues an attendee's file gets when `racelab explore` compiles it: each plays as the
/// real one can, and each step names the line it stopped at.
final class ExploredCodeTests: XCTestCase {
    /// A counter's read and write in two critical sections of an explorable NSLock: the explorer finds
    /// the lost update, at the lines of the two `lock()` calls; in one critical section, never.
    func testAnNSLockTakenTwiceLosesAnUpdateAndOneCriticalSectionNever() throws {
        ExploredCode.placeSteps()
        defer { ExploredCode.placeSteps(false) }
        let split = try Explorer().explore(Self.increments(split: true))
        XCTAssertGreaterThan(split.count { $0 == "1" }, 0, "the lost update")
        let lanes = split.outcomes.first { $0.text == "1" }!.simplest.lanes.map(\.text)
        XCTAssertTrue(lanes.contains { $0.contains("lock() at ExploredCodeTests.swift:") }, "\(lanes)")
        let whole = try Explorer().explore(Self.increments(split: false))
        XCTAssertEqual(whole.count { $0 != "2" }, 0)
    }

    /// The brief form `racelab exercise` adds to a verdict: each thread's stretch of steps, the outcome,
    /// and the line another thread got in at; nothing when no schedule went wrong.
    func testBrieflyTellsEachStretchTheOutcomeAndWhereAnotherGotIn() throws {
        ExploredCode.placeSteps()
        defer { ExploredCode.placeSteps(false) }
        let found = try Explorer(maxPreemptions: 1).explore(
            Self.increments(split: true, names: ["first", "second"], outcome: { "count \($0)" }))
        let run = try XCTUnwrap(found.outcomes.first { $0.text == "count 1" }?.simplest)
        let lines = ExploredVerdict.briefly(run, of: "two increments")
        XCTAssertTrue((3...4).contains(lines.count), "\(lines)")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 120 }, "\(lines)")
        XCTAssertEqual(
            lines.first,
            "The schedule explorer, playing two increments through your file, finds one that ends wrong (count 1):")
        // Where another got in, before the schedule.
        let second = lines[1]
        XCTAssertTrue(
            second.hasPrefix("  Another thread got in while ")
                && second.contains("at lock() at ExploredCodeTests.swift:")
                && second.hasSuffix(". The schedule:"),
            second)
        let stretches = lines.dropFirst(2).joined(separator: " ")
        XCTAssertTrue(stretches.contains("A (first) runs to lock() at ExploredCodeTests.swift:"), stretches)
        XCTAssertTrue(stretches.contains("B (second) runs to"), stretches)
        XCTAssertTrue(stretches.hasSuffix("runs to its end."), stretches)
        XCTAssertEqual(ExploredVerdict.briefly(nil, of: "two increments"), [])
    }

    /// While global jobs are captured (`racelab explore` of tasks), an unstructured `Task {}` that a
    /// default actor starts (isolated to the actor, which no task executor preference reaches) runs on
    /// the explorer's executor too: its point is played. Without the hook its jobs go to the global
    /// executor and the runs do not replay ("there is no task C").
    func testAnUnstructuredTaskIsPlayedWhileGlobalJobsAreCaptured() throws {
        XCTAssertTrue(ExplorerGlobalJobs.start(), "the runtime has swift_task_enqueueGlobal_hook")
        defer { ExplorerGlobalJobs.stop() }
        let found = try Explorer().exploreTasks { program in
            let total = Locked(0)
            let starter = TaskStarter()
            program.task("starts a task") {
                await starter.start {
                    await Interleaving.suspend("inner")
                    total.withLock { $0 += 1 }
                }.value
            }
            program.task("other") {
                await Interleaving.suspend("other")
                total.withLock { $0 += 10 }
            }
            program.outcome { "\(total.current)" }
        }
        XCTAssertEqual(found.outcomes.map(\.text), ["11"])
        XCTAssertGreaterThan(found.schedules, 1, "the inner task's point is a point")
    }

    /// Two waiters of one task, and a task C beside them: with Swift's `Task`, the runtime wakes both
    /// waiters in the step that ends the task, so C never comes between them; with `ExplorableTask`
    /// (`racelab explore`'s `Task`), each waiter goes on at a point of its own, and C can.
    func testEachWaiterOfAnExplorableTaskGoesOnAtAPointOfItsOwn() throws {
        XCTAssertTrue(ExplorerGlobalJobs.start())
        defer { ExplorerGlobalJobs.stop() }
        func orders(explorable: Bool) throws -> Set<String> {
            let found = try Explorer().exploreTasks { program in
                let log = Locked<[String]>([])
                program.task("two wait for one task") {
                    if explorable {
                        let task = ExplorableTask<Int, Never> {
                            await Interleaving.suspend("work")
                            return 1
                        }
                        async let other: Void = {
                            _ = await task.value
                            log.withLock { $0.append("B") }
                        }()
                        _ = await task.value
                        log.withLock { $0.append("A") }
                        await other
                    } else {
                        let task = Task<Int, Never> {
                            await Interleaving.suspend("work")
                            return 1
                        }
                        async let other: Void = {
                            _ = await task.value
                            log.withLock { $0.append("B") }
                        }()
                        _ = await task.value
                        log.withLock { $0.append("A") }
                        await other
                    }
                }
                program.task("C") {
                    await Interleaving.suspend("C")
                    log.withLock { $0.append("C") }
                }
                program.outcome { log.current.joined() }
            }
            return Set(found.outcomes.map(\.text))
        }
        let between: (String) -> Bool = { $0 == "ACB" || $0 == "BCA" }
        let (explorable, swift) = (try orders(explorable: true), try orders(explorable: false))
        XCTAssertTrue(explorable.contains(where: between), "\(explorable)")
        XCTAssertFalse(swift.contains(where: between), "\(swift)")
    }

    /// While global jobs are captured (the attendee's tasks explored), a run where every task left
    /// awaits a continuation nobody will resume ends "every task left waits for good", a wrong outcome
    /// the explorer finds: here a signal sent before anyone waits is lost. Kept, it never is.
    func testATaskLeftWaitingForALostSignalWaitsForGood() throws {
        XCTAssertTrue(ExplorerGlobalJobs.start())
        defer { ExplorerGlobalJobs.stop() }
        func signalled(keepsAnEarlySignal: Bool) throws -> Set<String> {
            let found = try Explorer().exploreTasks { program in
                let gate = SignalGate(keepsAnEarlySignal: keepsAnEarlySignal)
                program.task("waits") {
                    await Interleaving.suspend("before it waits")
                    await gate.wait()
                }
                program.task("signals") { gate.signal() }
                program.outcome { "done" }
            }
            return Set(found.outcomes.map(\.text))
        }
        XCTAssertEqual(try signalled(keepsAnEarlySignal: false), ["done", TaskScheduleRun.waitsForGood])
        XCTAssertEqual(try signalled(keepsAnEarlySignal: true), ["done"])
    }

    /// Two threads that increment a counter under an explorable NSLock: the read and the write in two
    /// critical sections (`split`), or in one.
    static func increments(
        split: Bool, names: [String] = ["A", "B"], outcome: @escaping (Int) -> String = { "\($0)" }
    ) -> (Explorer.Program) -> Void {
        { program in
            let lock = ExplorableNSLock()
            let count = ExplorerTests.Box(0)
            for name in names {
                program.thread(name) {
                    if split {
                        lock.lock()
                        let seen = count.value
                        lock.unlock()
                        lock.lock()
                        count.value = seen + 1
                        lock.unlock()
                    } else {
                        lock.withLock { count.value += 1 }
                    }
                }
            }
            program.outcome { outcome(count.value) }
        }
    }

    /// A semaphore of one as a lock: a read and a write in two waits lose an update, at the line of
    /// the `wait()`; in one, never. A semaphore of zero hands a value over: the reader waits until the
    /// writer signals, in every schedule. Two threads each waiting for the other's signal deadlock.
    func testASemaphoreOfOneIsALockAndOneOfZeroWaitsForItsSignal() throws {
        ExploredCode.placeSteps()
        defer { ExploredCode.placeSteps(false) }
        func increments(split: Bool) -> (Explorer.Program) -> Void {
            { program in
                let semaphore = ExplorableSemaphore(value: 1)
                let count = ExplorerTests.Box(0)
                for name in ["A", "B"] {
                    program.thread(name) {
                        semaphore.wait()
                        let seen = count.value
                        if split {
                            semaphore.signal()
                            semaphore.wait()
                        }
                        count.value = seen + 1
                        semaphore.signal()
                    }
                }
                program.outcome { "\(count.value)" }
            }
        }
        let split = try Explorer().explore(increments(split: true))
        XCTAssertGreaterThan(split.count { $0 == "1" }, 0, "the lost update")
        let lanes = split.outcomes.first { $0.text == "1" }!.simplest.lanes.map(\.text)
        XCTAssertTrue(lanes.contains { $0.contains("wait() at ExploredCodeTests.swift:") }, "\(lanes)")
        let whole = try Explorer().explore(increments(split: false))
        XCTAssertEqual(whole.outcomes.map(\.text), ["2"])
        XCTAssertGreaterThan(whole.schedules, 1, "the waits are points")

        let handOver = try Explorer().explore { program in
            let ready = ExplorableSemaphore(value: 0)
            let value = ExplorerTests.Box(0)
            let read = ExplorerTests.Box(0)
            program.thread("reader") {
                ready.wait()
                read.value = value.value
            }
            program.thread("writer") {
                Interleaving.point()
                value.value = 42
                ready.signal()
            }
            program.outcome { "\(read.value)" }
        }
        XCTAssertEqual(handOver.outcomes.map(\.text), ["42"])

        let crossed = try Explorer().explore { program in
            let (first, second) = (ExplorableSemaphore(value: 0), ExplorableSemaphore(value: 0))
            program.thread("A") {
                first.wait()
                second.signal()
            }
            program.thread("B") {
                second.wait()
                first.signal()
            }
            program.outcome { "done" }
        }
        XCTAssertEqual(crossed.outcomes.map(\.text), ["deadlock"])

        // A wait with a timeout takes one if the count allows, else times out: both, by schedule.
        let timed = try Explorer().explore { program in
            let ready = ExplorableSemaphore(value: 0)
            let result = ExplorerTests.Box("")
            program.thread("waiter") {
                result.value = ready.wait(timeout: .now() + 1) == .success ? "signalled" : "timed out"
            }
            program.thread("signaller") { ready.signal() }
            program.outcome { result.value }
        }
        XCTAssertEqual(Set(timed.outcomes.map(\.text)), ["signalled", "timed out"])
    }

    /// A serial queue runs its blocks in the order they came: two `async` appends, then a `sync` read,
    /// always see [1, 2], however the explorer schedules the blocks' threads.
    func testASerialQueuesBlocksRunInOrderAndSyncWaitsForThem() throws {
        let found = try Explorer().explore { program in
            let queue = ExplorableDispatchQueue(label: "test")
            let list = ExplorerTests.Box<[Int]>([])
            let read = ExplorerTests.Box<[Int]>([])
            program.thread("A") {
                queue.async { list.value.append(1) }
                queue.async { list.value.append(2) }
                read.value = queue.sync { list.value }
            }
            program.outcome { "\(read.value)" }
        }
        XCTAssertEqual(found.outcomes.map(\.text), ["[1, 2]"])
        XCTAssertGreaterThan(found.schedules, 1, "the blocks' threads are scheduled")
    }

    /// A group's notify runs once every block it counts has left, in every schedule; notified on the
    /// main queue, after the blocks that queue already holds (a store sent there before the leave). A
    /// notify asked for before any enter runs at once; a leave without an enter traps, as Dispatch's.
    func testAGroupNotifiesOnceEveryLeaveIsInAndTheMainQueueKeepsItsOrder() throws {
        let found = try Explorer(maxPreemptions: 2).explore { program in
            let group = ExplorableDispatchGroup()
            let texts = ExplorerTests.Box<[String]>(["", ""])
            let seen = ExplorerTests.Box<[[String]]>([])
            program.thread("load") {
                ExplorableDispatchQueue.main.syncInTurn {
                    for index in 0..<2 {
                        group.enter()
                        Interleaving.detachNewThread(named: "callback \(index)") {
                            ExplorableDispatchQueue.main.async { texts.value[index] = "text \(index)" }
                            group.leave()
                        }
                    }
                    group.notify(queue: .main) { seen.value.append(texts.value) }
                }
            }
            program.outcome { "\(seen.value)" }
        }
        XCTAssertEqual(found.outcomes.map(\.text), [#"[["text 0", "text 1"]]"#])
        XCTAssertGreaterThan(found.schedules, 2, "each leave is a point")

        // The same with the group left before the texts are sent: the last leave sends the notify
        // block to the main queue ahead of its own text, in every schedule.
        let early = try Explorer(maxPreemptions: 2).explore { program in
            let group = ExplorableDispatchGroup()
            let texts = ExplorerTests.Box<[String]>(["", ""])
            let seen = ExplorerTests.Box<[[String]]>([])
            program.thread("load") {
                for index in 0..<2 {
                    group.enter()
                    Interleaving.detachNewThread(named: "callback \(index)") {
                        group.leave()
                        ExplorableDispatchQueue.main.async { texts.value[index] = "text \(index)" }
                    }
                }
                group.notify(queue: .main) { seen.value.append(texts.value) }
            }
            program.outcome { seen.value.first?.contains("") == false ? "complete" : "a text missing" }
        }
        XCTAssertEqual(early.outcomes.map(\.text), ["a text missing"])

        let waited = try Explorer().explore { program in
            let group = ExplorableDispatchGroup()
            let value = ExplorerTests.Box(0)
            let read = ExplorerTests.Box(0)
            program.thread("waiter") {
                group.enter()
                Interleaving.detachNewThread(named: "worker") {
                    value.value = 42
                    group.leave()
                }
                group.wait()
                read.value = value.value
            }
            program.outcome { "\(read.value)" }
        }
        XCTAssertEqual(waited.outcomes.map(\.text), ["42"], "wait() goes on only once the group is empty")

        let never = try Explorer().explore { program in
            let group = ExplorableDispatchGroup()
            program.thread("waiter") {
                group.enter()
                group.wait()
            }
            program.outcome { "done" }
        }
        XCTAssertEqual(never.outcomes.map(\.text), ["deadlock"], "a group nobody leaves")

        let empty = try Explorer().explore { program in
            let group = ExplorableDispatchGroup()
            let ran = ExplorerTests.Box(false)
            program.thread("A") { group.notify(queue: .global()) { ran.value = true } }
            program.outcome { ran.value ? "notified" : "not notified" }
        }
        XCTAssertEqual(empty.outcomes.map(\.text), ["notified"])
    }

    /// The main queue of explored code is a serial queue each run makes afresh: a block one run left
    /// on it is not run in the next; off the explorer's threads it is Dispatch's.
    func testTheMainQueueIsEachRunsOwn() throws {
        XCTAssertEqual(ExplorableDispatchQueue.main.real.label, DispatchQueue.main.label)
        // The queues themselves, kept: an identifier alone may be used again once its object is gone.
        let queues = ExplorerTests.Box<[ExplorableDispatchQueue]>([])
        let found = try Explorer().explore { program in
            let list = ExplorerTests.Box<[Int]>([])
            program.thread("A") {
                queues.value.append(ExplorableDispatchQueue.main)
                ExplorableDispatchQueue.main.async { list.value.append(1) }
                ExplorableDispatchQueue.main.async { list.value.append(2) }
            }
            program.outcome { "\(list.value)" }
        }
        XCTAssertEqual(found.outcomes.map(\.text), ["[1, 2]"])
        XCTAssertEqual(Set(queues.value.map(ObjectIdentifier.init)).count, found.schedules, "one main queue a run")
    }

    /// A read-then-write through `sync` twice loses an update; the explorer says so, and a recursive
    /// lock taken again by its holder does not deadlock.
    func testTwoSyncsLoseAnUpdateAndARecursiveLockIsTakenAgain() throws {
        let found = try Explorer().explore { program in
            let queue = ExplorableDispatchQueue(label: "test", attributes: .concurrent)
            let count = ExplorerTests.Box(0)
            for name in ["A", "B"] {
                program.thread(name) {
                    let seen = queue.sync { count.value }
                    queue.sync(flags: .barrier) { count.value = seen + 1 }
                }
            }
            program.outcome { "\(count.value)" }
        }
        XCTAssertGreaterThan(found.count { $0 == "1" }, 0)
        let recursive = try Explorer().explore { program in
            let lock = ExplorableRecursiveLock()
            program.thread("A") { lock.withLock { lock.withLock {} } }
            program.thread("B") { lock.withLock {} }
            program.outcome { "done" }
        }
        XCTAssertEqual(recursive.outcomes.map(\.text), ["done"])
    }

    /// A concurrent queue's plain blocks run side by side, interleaved at their points; its barriers
    /// run alone, after the blocks running have ended.
    func testAConcurrentQueuesPlainBlocksOverlapAndItsBarriersDoNot() throws {
        func renames(_ flags: DispatchWorkItemFlags) -> (Explorer.Program) -> Void {
            { program in
                let queue = ExplorableDispatchQueue(label: "test", attributes: .concurrent)
                let name = ExplorerTests.Box(("Alison", "Anderson"))
                for (first, last) in [("Charlie", "Cheesecake"), ("Delia", "Dingle")] {
                    program.thread(first) {
                        queue.sync(flags: flags) {
                            name.value.0 = first
                            randomDelay(upTo: 0.1)
                            name.value.1 = last
                        }
                    }
                }
                program.outcome { "\(name.value.0) \(name.value.1)" }
            }
        }
        let plain = try Explorer().explore(renames([]))
        XCTAssertGreaterThan(plain.count { $0 == "Delia Cheesecake" || $0 == "Charlie Dingle" }, 0, "they overlap")
        let barriers = try Explorer().explore(renames(.barrier))
        XCTAssertEqual(Set(barriers.outcomes.map(\.text)), ["Charlie Cheesecake", "Delia Dingle"])
    }

    /// `try()` takes a free lock and refuses a held one: one of two threads that try while the other
    /// holds it does without.
    func testTryTakesAFreeLockAndRefusesAHeldOne() throws {
        let found = try Explorer().explore { program in
            let lock = ExplorableNSLock()
            let took = ExplorerTests.Box(0)
            for name in ["A", "B"] {
                program.thread(name) {
                    guard lock.try() else { return }
                    randomDelay(upTo: 0.1)
                    took.value += 1
                    lock.unlock()
                }
            }
            program.outcome { "\(took.value)" }
        }
        XCTAssertEqual(Set(found.outcomes.map(\.text)), ["1", "2"])
    }

    /// `Mutex` and `Locked` as the attendee's file gets them, in tasks: a look and a store in two
    /// `withLock`s are cut apart (the second is a point, at its line), in one `withLock` never.
    func testAMutexOrALockedTakenTwiceInATaskIsCutApart() throws {
        ExploredCode.placeSteps()
        defer { ExploredCode.placeSteps(false) }
        for mutex in [true, false] {
            let split = try Explorer().exploreTasks(Self.twoStores(mutex: mutex, split: true))
            let twice = try XCTUnwrap(split.outcomes.first { $0.text == "stored 2 times" }, "mutex: \(mutex)")
            XCTAssertTrue(
                twice.simplest.lanes.contains { $0.text.contains("withLock at ExploredCodeTests.swift:") },
                "mutex: \(mutex)")
            let whole = try Explorer().exploreTasks(Self.twoStores(mutex: mutex, split: false))
            XCTAssertEqual(whole.count { $0 != "stored 1 times" }, 0, "mutex: \(mutex)")
        }
    }

    /// Two tasks store one name unless it is there, in a `Mutex` or a `Locked`: look and store in one
    /// `withLock`, or (`split`) two.
    private static func twoStores(mutex: Bool, split: Bool) -> (Explorer.TaskProgram) -> Void {
        { program in
            let names = Names(mutex: mutex)
            program.task("A") { names.store(split: split) }
            program.task("B") { names.store(split: split) }
            program.outcome { "stored \(names.count) times" }
        }
    }

    /// The names behind one of the two explorable locks the attendee's file may get for its own.
    final class Names: Sendable {
        let mutex: ExplorableMutex<[String]>?
        let locked: ExplorableLocked<[String]>?

        init(mutex: Bool) {
            self.mutex = mutex ? ExplorableMutex([]) : nil
            self.locked = mutex ? nil : ExplorableLocked([])
        }

        var count: Int { mutex?.withLock { $0.count } ?? locked?.current.count ?? 0 }

        func store(split: Bool) {
            if split {
                let there = look()
                if !there { withNames { $0.append("cat") } }
            } else {
                withNames { if !$0.contains("cat") { $0.append("cat") } }
            }
        }

        private func look() -> Bool { withNames { $0.contains("cat") } }

        private func withNames<R>(_ body: (inout [String]) -> R) -> R {
            if let mutex { return mutex.withLock { body(&$0) } }
            return locked!.withLock { body(&$0) }
        }
    }
}

/// A default actor that starts an unstructured task, isolated to it.
private actor TaskStarter {
    func start(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        Task { await body() }
    }
}

/// A one-shot signal for tasks: `wait` returns once `signal` was called; a signal sent before anyone
/// waits is kept, or (`keepsAnEarlySignal` false) lost.
final class SignalGate: Sendable {
    private let state = Locked<(signalled: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))
    private let keepsAnEarlySignal: Bool

    init(keepsAnEarlySignal: Bool) { self.keepsAnEarlySignal = keepsAnEarlySignal }

    func wait() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.signalled { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state.waiter = nil }
            if keepsAnEarlySignal { state.signalled = true }
            return state.waiter
        }
        waiter?.resume()
    }
}
