import Foundation
import RaceLabAtomics

/// The points where the schedule explorer (`Explorer`) may switch from one thread to another. On a
/// thread the explorer runs, each is a pause: the thread stops there until the explorer picks it
/// again. On every other thread they do what they always did: `randomDelay` and `sleep(lessonSeconds:)`
/// wait, `point` does nothing, `detachNewThread` starts a thread.
public enum Interleaving {
    /// An explicit interleaving point, for code with no delay of its own (a load, then a store).
    /// `touching`: what the thread does from here to its next point (or its end), for the explorer's
    /// partial-order reduction; it overrides the footprint the thread's `touching` list gives that step.
    public static func point(_ label: String = "a point", touching footprint: Footprint? = nil) {
        guard let thread = ScheduledThread.current else { return }
        if let footprint { thread.run.setNextFootprint(thread.index, footprint) }
        thread.pause(at: .point(label))
    }

    /// `Thread.detachNewThread`; on a thread the explorer runs, a new thread that it schedules too
    /// (a callback's thread), lettered after the others.
    /// `steps` says what each of its steps does, for the explorer's lanes.
    /// `touching` gives its steps' footprints, as `Explorer.Program.thread` does.
    public static func detachNewThread(
        named name: String = "a new thread", steps: [String] = [], touching footprints: [Footprint] = [],
        _ body: @escaping @Sendable () -> Void
    ) {
        guard let spawner = ScheduledThread.current else {
            Thread.detachNewThread(body)
            return
        }
        spawner.run.start(name: name, steps: steps, touching: footprints, body)
    }

    /// Adds `text` to what the current step of an explored thread did, for the schedule's lanes
    /// ("reads back Delia Cheesecake"). Elsewhere it does nothing.
    public static func record(_ text: String) {
        if let thread = ScheduledThread.current { return thread.run.record(text) }
        TaskScheduleRun.current?.record(text)
    }

    /// An interleaving point for a task (a stand-in for a download, say): on a task the explorer runs
    /// (`Explorer.exploreTasks`), it waits there until the explorer picks it again. Elsewhere it
    /// returns at once.
    public static func suspend(_ label: String = "a point") async {
        if let run = TaskScheduleRun.current {
            await run.pauseCurrentTask(at: .point(label))
        }
    }

    /// A point where the current task was woken by another's step (a task it awaited ended there):
    /// nothing where it runs in its own step (what it awaited had ended before), or outside an
    /// exploration.
    static func suspendIfWoken(_ label: String) async {
        await TaskScheduleRun.current?.pauseIfWoken(at: .point(label))
    }

    /// Cancels `task`. Its cancellation handlers run here, on the caller's thread, while the runtime
    /// holds the task's status lock (Swift's concurrency runtime, `TaskStatus.cpp`,
    /// `swift_task_cancelImpl`): a handler that stopped at an explorable lock there would block the
    /// task for real. So, in a task the explorer runs, the locks a handler takes are no points.
    public static func cancel<Success, Failure>(_ task: Task<Success, Failure>) {
        TaskScheduleRun.$inCancelHandlers.withValue(true) { task.cancel() }
    }

}

/// Why a thread stopped: where it waits for the explorer to pick it again.
enum Pause: Equatable {
    case start
    case point(String)
    /// Wants `lock`; it can be picked only while nobody holds it. `label`: what the lanes call it.
    case acquire(ObjectIdentifier, label: String = "lock()")
    /// Waits on a semaphore (`ExplorableSemaphore`) made with `initial`; it can be picked only while
    /// the semaphore's count is above zero.
    case wait(ObjectIdentifier, initial: Int, label: String)
    case finished

    var label: String {
        switch self {
        case .start: return "start"
        case .point(let label): return label
        case .acquire(_, let label): return label
        case .wait(_, _, let label): return label
        case .finished: return "end"
        }
    }
}

/// The context of a thread the explorer runs: which run it belongs to and which letter it is. Kept in
/// the thread's own dictionary; `current` looks there only while an exploration is running.
/// @unchecked Sendable: only `let`s.
final class ScheduledThread: @unchecked Sendable {
    static let key = "racelab.explorer.thread"
    let run: ScheduleRun
    let index: Int

    init(run: ScheduleRun, index: Int) {
        self.run = run
        self.index = index
    }

    static var current: ScheduledThread? {
        guard racelab_relaxed_load(racelab_explorations_word()) > 0 else { return nil }
        return Thread.current.threadDictionary[key] as? ScheduledThread
    }

    func pause(at pause: Pause) { run.pause(index, at: pause) }
}

/// One run of a program under one schedule: the threads, whose turn it is, who holds which lock, and
/// what each step did. Every field is read and written only while holding `condition`, whose lock is
/// real synchronisation: each hand-off from one thread to the next orders them for ThreadSanitizer,
/// which is why a page's racy code is clean under the explorer (only one thread runs at a time).
/// A thread waits for its turn on a gate of its own, so a step wakes only the thread that takes it
/// (and its end only the explorer), not every thread of the run.
/// @unchecked Sendable: every stored var is read and written holding `condition`; `gates` too.
final class ScheduleRun: Schedulable, @unchecked Sendable {
    struct Lane {
        var name: String
        /// What each step does, as the page says (for the lanes).
        var stepNames: [String]
        /// What each step touches, as the page says; a step past the list touches everything.
        var footprints: [Footprint]
        /// The step of the run that started this thread (nil: the program did).
        var startedBy: Int?
        /// What its next step touches, said at the point it waits at (`Interleaving.point`).
        var nextFootprint: Footprint?
        var pause = Pause.start
        var steps = 0
    }

    private let condition = NSCondition()
    /// Each thread's gate, opened by the explorer when it is that thread's turn.
    private var gates: [Gate] = []
    private var lanes: [Lane] = []
    private var turn: Int?
    private var holders: [ObjectIdentifier: Int] = [:]
    /// Each semaphore's count, once a thread waited on it or signalled it; before, the value it was made with.
    private var counts: [ObjectIdentifier: Int] = [:]
    private var log: [ScheduleStep] = []
    /// The locks' and semaphores' names, and the serial of the last made before the run.
    private var lockNames: [ObjectIdentifier: String] = [:]
    private let serialBase = racelab_relaxed_load(racelab_lock_serial_word())
    /// What the run's threads share and the run makes the first time one asks: the main queue of
    /// explored code (`ExplorableDispatchQueue.main`), fresh in every run.
    private var shared: [String: AnyObject] = [:]

    /// The run's own `key` object, made by `make` the first time a thread of the run asks for it.
    func shared<Object: AnyObject>(_ key: String, _ make: () -> Object) -> Object {
        condition.locked {
            if let kept = shared[key] as? Object { return kept }
            let made = make()
            shared[key] = made
            return made
        }
    }

    /// Starts a thread that waits for its first turn. From the controller, or from a running thread (a
    /// spawn); either way nobody else runs meanwhile.
    func start(
        name: String, steps: [String], touching footprints: [Footprint] = [], _ body: @escaping @Sendable () -> Void
    ) {
        let (index, gate) = condition.locked {
            lanes.append(Lane(name: name, stepNames: steps, footprints: footprints, startedBy: log.indices.last))
            gates.append(Gate())
            return (lanes.count - 1, gates[gates.count - 1])
        }
        let context = ScheduledThread(run: self, index: index)
        ExplorerThreads.run {
            Thread.current.threadDictionary[ScheduledThread.key] = context
            gate.pass()
            body()
            Thread.current.threadDictionary[ScheduledThread.key] = nil
            self.pause(index, at: .finished)
        }
    }

    /// A running thread stops at `pause` and hands the turn back; it returns when picked again.
    func pause(_ index: Int, at pause: Pause) {
        let gate = condition.locked { () -> Gate? in
            if draining {
                // Played out after a deadlock: no more pauses, only the end counts.
                guard pause == .finished else { return nil }
                lanes[index].pause = .finished
                turn = nil
                condition.signal()
                return nil
            }
            lanes[index].pause = pause
            log[log.count - 1].to = pause
            turn = nil
            condition.signal()  // the explorer, the only one waiting on it
            return gates[index]
        }
        if pause != .finished { gate?.pass() }
    }

    /// Set once the run has deadlocked and its outcome is read: its threads are run to their ends, one
    /// after another, without pauses or locks, so that their threads go back to the explorer's.
    private var draining = false

    /// After a deadlock, plays each thread left waiting to its end, alone, and waits for it (at most
    /// `limit` seconds each). The run's state is garbage by then, and nobody reads it.
    func drain(limit: TimeInterval) {
        let waiting = condition.locked { () -> [Int] in
            draining = true
            return lanes.indices.filter { lanes[$0].pause != .finished }
        }
        for index in waiting {
            condition.locked {
                turn = index
                gates[index].open()
                let deadline = Date(timeIntervalSinceNow: limit)
                while lanes[index].pause != .finished {
                    if !condition.wait(until: deadline) { break }
                }
            }
        }
    }

    func record(_ text: String) {
        condition.locked { log[log.count - 1].notes.append(text) }
    }

    func setNextFootprint(_ index: Int, _ footprint: Footprint) {
        condition.locked { lanes[index].nextFootprint = footprint }
    }

    /// What thread `index`'s next step touches: said at its point, else its `touching` list's entry, else
    /// everything.
    func pendingFootprint(_ index: Int) -> Footprint {
        condition.locked {
            let lane = lanes[index]
            let said =
                lane.nextFootprint ?? (lane.steps < lane.footprints.count ? lane.footprints[lane.steps] : .everything)
            // A thread at a lock() takes it in its next step, said or not; one at a wait() takes one of
            // the semaphore's count.
            switch lane.pause {
            case .acquire(let lock, _): return said + .acquires(name(lock))
            case .wait(let semaphore, _, _): return said + .writes(name(semaphore))
            default: return said
            }
        }
    }

    /// The lock thread `index` waits to take at its point, as a footprint: what of `pendingFootprint`
    /// the run itself knows.
    func pendingLocks(_ index: Int) -> Footprint {
        condition.locked {
            if case .acquire(let lock, _) = lanes[index].pause { return .acquires(name(lock)) }
            return .nothing
        }
    }

    var startedBy: [Int?] { condition.locked { lanes.map(\.startedBy) } }
    var unfinished: [Int] { condition.locked { lanes.indices.filter { lanes[$0].pause != .finished } } }

    /// `try()`: thread `index` takes `lock` in the step it is taking if nobody holds it; false if somebody does.
    func tryAcquire(_ index: Int, _ lock: ObjectIdentifier) -> Bool {
        condition.locked {
            guard holders[lock] == nil else { return false }
            holders[lock] = index
            if !draining, let last = log.indices.last { log[last].locks = log[last].locks + .acquires(name(lock)) }
            return true
        }
    }

    func release(_ lock: ObjectIdentifier) {
        condition.locked {
            _ = holders.removeValue(forKey: lock)
            if !draining, let last = log.indices.last { log[last].locks = log[last].locks + .releases(name(lock)) }
        }
    }

    /// `signal()`: adds one to `semaphore`'s count; true when a thread waits on it.
    func signal(_ semaphore: ObjectIdentifier, initial: Int) -> Bool {
        condition.locked {
            counts[semaphore, default: initial] += 1
            touched(semaphore)
            return lanes.contains { lane in
                guard case .wait(let waited, _, _) = lane.pause else { return false }
                return waited == semaphore
            }
        }
    }

    /// A `wait` with a timeout, in the step it is taking: takes one of `semaphore`'s count if there is
    /// one; false (it timed out) if not.
    func tryWait(_ semaphore: ObjectIdentifier, initial: Int) -> Bool {
        condition.locked {
            touched(semaphore)
            guard counts[semaphore, default: initial] > 0 else { return false }
            counts[semaphore, default: initial] -= 1
            return true
        }
    }

    /// The step being taken read and wrote `semaphore`'s count (for the reduction: a location, as
    /// Dispatch's count is). Called holding `condition`.
    private func touched(_ semaphore: ObjectIdentifier) {
        if !draining, let last = log.indices.last { log[last].locks = log[last].locks + .writes(name(semaphore)) }
    }

    /// A lock's or semaphore's name in the footprints the run records: the order it was made in, counted
    /// from the run's start, so the same lock has the same name in every run of the program (the
    /// reduction carries footprints from one run to the next). Called holding `condition`.
    private func name(_ lock: ObjectIdentifier) -> String {
        lockNames[lock] ?? "#\(UInt(bitPattern: lock.hashValue))"
    }

    /// Names a lock or semaphore the run meets, by its `serial`.
    func introduce(_ lock: ObjectIdentifier, serial: UInt64) {
        condition.locked {
            if lockNames[lock] == nil { lockNames[lock] = "lock \(Int64(bitPattern: serial &- serialBase))" }
        }
    }

    /// The threads that may take a step: not finished, and not waiting for a lock someone holds.
    var runnable: [Int] {
        condition.locked {
            lanes.indices.filter { index in
                switch lanes[index].pause {
                case .finished: return false
                case .acquire(let lock, _): return holders[lock] == nil
                case .wait(let semaphore, let initial, _): return counts[semaphore, default: initial] > 0
                default: return true
                }
            }
        }
    }

    var allFinished: Bool { condition.locked { lanes.allSatisfy { $0.pause == .finished } } }
    var names: [String] { condition.locked { lanes.map(\.name) } }
    var stepNames: [[String]] { condition.locked { lanes.map(\.stepNames) } }
    var steps: [ScheduleStep] { condition.locked { log } }
    var stuck: String { "every thread left waits for a lock or a semaphore" }
    var noun: String { "thread" }
    func stuckOutcome() throws -> String { "deadlock" }

    func whyNot(_ index: Int) -> String {
        if let missing = missing(index) { return missing }
        let letter = Explorer.letters([index])
        let (holder, waitsForSignal) = condition.locked { () -> (Int?, Bool) in
            switch lanes[index].pause {
            case .acquire(let lock, _): return (holders[lock], false)
            case .wait(let semaphore, let initial, _): return (nil, counts[semaphore, default: initial] == 0)
            default: return (nil, false)
            }
        }
        if waitsForSignal { return "\(letter) waits for a semaphore nobody has signalled" }
        return holder.map { "\(letter) waits for the lock \(Explorer.letters([$0])) holds" } ?? "\(letter) has finished"
    }

    /// Lets thread `index` run to its next pause. Says why not when it did not get there within
    /// `limit` seconds: it waits for something the explorer does not schedule.
    func step(_ index: Int, limit: TimeInterval) -> String? {
        let came = condition.locked { () -> Bool in
            log.append(ScheduleStep(thread: index, ordinal: lanes[index].steps, from: lanes[index].pause))
            switch lanes[index].pause {
            case .acquire(let lock, _):
                holders[lock] = index
                log[log.count - 1].locks = .acquires(name(lock))
            case .wait(let semaphore, let initial, _):
                counts[semaphore, default: initial] -= 1
                log[log.count - 1].locks = .writes(name(semaphore))
            default: break
            }
            lanes[index].steps += 1
            lanes[index].nextFootprint = nil
            turn = index
            gates[index].open()
            let deadline = Date(timeIntervalSinceNow: limit)
            while turn != nil {
                if !condition.wait(until: deadline) { return turn == nil }
            }
            return true
        }
        if came { return nil }
        return
            "thread \(Explorer.letters([index])) (\(names[index])) did not come back to an interleaving point within \(Int(limit)) s: it waits for something the explorer does not schedule (a queue, a semaphore, a lock that is not an ExplorableLock)"
    }
}

extension NSCondition {
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// Where an explored thread waits for its turn: `open` lets it through once.
/// @unchecked Sendable: `isOpen` is read and written holding `condition`.
final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false

    func open() {
        condition.locked {
            isOpen = true
            condition.signal()
        }
    }

    /// Waits until opened, and closes the gate behind.
    func pass() {
        condition.locked {
            while !isOpen { condition.wait() }
            isOpen = false
        }
    }
}
