import Foundation

/// An executor the schedule explorer controls (SE-0392's custom executors, SE-0417's task executor
/// preference): the jobs enqueued on it wait, in order, until the explorer runs them on its own
/// thread. An actor whose `unownedExecutor` is this one, and tasks that prefer it, run only when
/// the explorer says, one job at a time.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
public final class ExplorerExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    private let lock = NSLock()
    private var jobs: [UnownedJob] = []

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.lock()
        jobs.append(job)
        lock.unlock()
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
    public func asUnownedTaskExecutor() -> UnownedTaskExecutor { UnownedTaskExecutor(ordinary: self) }

    /// Runs every waiting job, and every job those enqueue, in order, one at a time. On a thread of its
    /// own, waited for at most `limit` seconds: false when a job blocked its thread for longer (it
    /// waits for something the explorer does not run; that thread is left to it).
    func drain(limit: TimeInterval) -> Bool {
        let done = Finished()
        Thread.detachNewThread {
            while let job = self.next() {
                job.runSynchronously(isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor())
            }
            done.set()
        }
        return done.wait(upTo: limit)
    }

    /// A flag one thread sets and another waits for, with a limit.
    private final class Finished: @unchecked Sendable {
        private let condition = NSCondition()
        private var finished = false

        func set() {
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }

        func wait(upTo limit: TimeInterval) -> Bool {
            let deadline = Date(timeIntervalSinceNow: limit)
            condition.lock()
            defer { condition.unlock() }
            while !finished {
                if !condition.wait(until: deadline) { return finished }
            }
            return true
        }
    }

    private func next() -> UnownedJob? {
        lock.lock()
        defer { lock.unlock() }
        return jobs.isEmpty ? nil : jobs.removeFirst()
    }
}

extension Explorer {
    /// A program of tasks, built afresh for every run: each task prefers the explorer's executor, and
    /// so does every task it starts; an actor the program uses runs on it (`executor`).
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public final class TaskProgram: @unchecked Sendable {
        let run = TaskScheduleRun()
        var outcomeReader: (() -> String)?

        init() {}

        /// The executor an actor of the program must run on: `nonisolated var unownedExecutor:
        /// UnownedSerialExecutor { executor.asUnownedSerialExecutor() }`.
        public var executor: ExplorerExecutor { run.executor }

        /// Adds a task, lettered in the order added (A, B, …), paused before its first line. A task it
        /// starts gets the next free letter when it first reaches a point.
        public func task(_ name: String, steps: [String] = [], _ body: @escaping @Sendable () async -> Void) {
            run.start(name: name, steps: steps, body)
        }

        /// How the outcome of a run is read, once every task has finished.
        public func outcome(_ read: @escaping () -> String) { outcomeReader = read }
    }

    /// Every schedule of the tasks `setup` builds: a task is paused only at `Interleaving.suspend`;
    /// between two of those, every job runs in order, on the explorer's thread.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public func exploreTasks(_ setup: (TaskProgram) -> Void) throws -> Exploration {
        try search { try Built(tasks: TaskProgram(), setup) }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public func replayTasks(
        _ schedule: String, _ setup: (TaskProgram) -> Void,
        before: (Int) -> Void = { _ in }, each: (LaneStep) -> Void = { _ in }
    ) throws -> Run {
        try play(Self.parse(schedule), { try Built(tasks: TaskProgram(), setup) }, before: before, each: each).run
    }
}

extension Explorer.Built {
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    init(tasks program: Explorer.TaskProgram, _ setup: (Explorer.TaskProgram) -> Void) throws {
        setup(program)
        guard let outcome = program.outcomeReader else {
            throw Explorer.Problem(description: "the program has no outcome: call program.outcome { … } in the setup")
        }
        // Each task runs to its first pause.
        guard program.run.executor.drain(limit: 10) else {
            throw Explorer.Problem(description: "a task did not reach its first point within 10 s: it blocks its thread")
        }
        self.init(run: program.run, outcome: outcome)
    }
}

/// One run of a program of tasks. Everything runs on the explorer's thread, one job at a time, but
/// a task's pause is reached from inside its job: the state is under a lock all the same.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class TaskScheduleRun: Schedulable, @unchecked Sendable {
    @TaskLocal static var current: TaskScheduleRun?

    struct Lane {
        var name: String
        var stepNames: [String]
        /// Added by the program (it ends when its body returns), not started by one of its tasks.
        var isProgramTask: Bool
        var pause = Pause.start
        var steps = 0
    }

    let executor = ExplorerExecutor()
    private let lock = NSLock()
    private var lanes: [Lane] = []
    /// Each task's lane, by the current task's hash.
    private var lanesByTask: [Int: Int] = [:]
    private var parked: [Int: CheckedContinuation<Void, Never>] = [:]
    private var log: [ScheduleStep] = []

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func start(name: String, steps: [String], _ body: @escaping @Sendable () async -> Void) {
        let index = locked {
            lanes.append(Lane(name: name, stepNames: steps, isProgramTask: true))
            return lanes.count - 1
        }
        Task(executorPreference: executor) {
            await TaskScheduleRun.$current.withValue(self) {
                self.register(index)
                await self.pause(index, at: .start)
                await body()
                self.finish(index)
            }
        }
    }

    private static var currentTaskKey: Int { withUnsafeCurrentTask { $0?.hashValue ?? 0 } }

    private func register(_ index: Int) {
        let key = Self.currentTaskKey
        locked { lanesByTask[key] = index }
    }

    /// The current task's lane; a task the program's tasks started gets one when it first pauses.
    private func currentLane() -> Int {
        let key = Self.currentTaskKey
        return locked {
            if let index = lanesByTask[key] { return index }
            // Started during the step now running (a task runs until it pauses): that step's task started it.
            let starter = log.last.map { "a task \(Explorer.letters([$0.thread])) started" } ?? "a task started by the program"
            lanes.append(Lane(name: starter, stepNames: [], isProgramTask: false))
            lanesByTask[key] = lanes.count - 1
            return lanes.count - 1
        }
    }

    func pauseCurrentTask(at pause: Pause) async {
        await self.pause(currentLane(), at: pause)
    }

    private func pause(_ index: Int, at pause: Pause) async {
        await withCheckedContinuation { continuation in
            locked {
                parked[index] = continuation
                lanes[index].pause = pause
                if let last = log.indices.last, log[last].thread == index { log[last].to = pause }
            }
        }
    }

    private func finish(_ index: Int) {
        locked {
            lanes[index].pause = .finished
            if let last = log.indices.last, log[last].thread == index { log[last].to = .finished }
        }
    }

    /// Adds `text` to the current step. Another task that runs in it (woken by this step's task, with
    /// no point between) is named: "(B) gets the image".
    func record(_ text: String) {
        let key = Self.currentTaskKey
        locked {
            guard let last = log.indices.last else { return }
            let own = lanesByTask[key].map { $0 == log[last].thread } ?? true
            log[last].notes.append(own ? text : "(\(Explorer.letters([lanesByTask[key] ?? 0]))) \(text)")
        }
    }

    var runnable: [Int] { locked { parked.keys.sorted() } }
    var allFinished: Bool { locked { parked.isEmpty && lanes.allSatisfy { !$0.isProgramTask || $0.pause == .finished } } }
    var stuck: String { "every task left awaits something the explorer does not schedule" }
    var noun: String { "task" }

    func stuckOutcome() throws -> String {
        throw Explorer.Problem(description: stuck + " (Task.sleep, a real download, an actor on another executor, a continuation never resumed)")
    }

    var names: [String] { locked { lanes.map(\.name) } }
    var stepNames: [[String]] { locked { lanes.map(\.stepNames) } }
    var steps: [ScheduleStep] { locked { log } }

    /// Resumes task `index` and runs every job until nothing is left to run: the task has paused
    /// again, ended, or awaits another.
    func step(_ index: Int, limit: TimeInterval) -> String? {
        let continuation = locked { () -> CheckedContinuation<Void, Never>? in
            guard let continuation = parked.removeValue(forKey: index) else { return nil }
            log.append(ScheduleStep(thread: index, ordinal: lanes[index].steps, from: lanes[index].pause))
            lanes[index].steps += 1
            return continuation
        }
        guard let continuation else { return whyNot(index) }
        continuation.resume()
        guard executor.drain(limit: limit) else {
            return "task \(Explorer.letters([index])) (\(names[index])) did not come back to a point within \(Int(limit)) s: it blocks its thread (a semaphore, a lock, a sleep)"
        }
        locked {
            let last = log.count - 1
            if parked[index] == nil && lanes[index].pause != .finished {
                // Not paused again and not ended: it awaits another task (or ended, if it was started
                // by one: those are not watched to their end).
                lanes[index].pause = lanes[index].isProgramTask ? .point("awaits another task") : .finished
                log[last].to = lanes[index].pause
            }
        }
        return nil
    }

    func whyNot(_ index: Int) -> String {
        let letter = Explorer.letters([index])
        let names = names
        guard index < names.count else {
            return "there is no task \(letter) (tasks: \(Explorer.letters(Array(names.indices)).map(String.init).joined(separator: ", ")))"
        }
        let pause = locked { lanes[index].pause }
        return pause == .finished ? "\(letter) has finished" : "\(letter) awaits another task"
    }
}
