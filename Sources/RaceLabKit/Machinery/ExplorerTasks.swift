import Foundation

/// An executor the schedule explorer controls (SE-0392's custom executors, SE-0417's task executor
/// preference): the jobs enqueued on it wait, in order, until the explorer runs them on its own
/// thread. An actor whose `unownedExecutor` is this one, and tasks that prefer it, run only when
/// the explorer says, one job at a time.
/// @unchecked Sendable: `jobs` is `Locked`.
public final class ExplorerExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    /// The jobs waiting, in order; `global`: captured from the global executor (`ExplorerGlobalJobs`).
    private let jobs = Locked<[(job: UnownedJob, global: Bool)]>([])

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append((job, false)) }
    }

    /// A job sent to the global executor (`ExplorerGlobalJobs`): run on this one, as a task executor,
    /// isolated to nothing of its own.
    func enqueueGlobal(_ job: UnownedJob) {
        jobs.withLock { $0.append((job, true)) }
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
    public func asUnownedTaskExecutor() -> UnownedTaskExecutor { UnownedTaskExecutor(ordinary: self) }

    /// Runs every waiting job, and every job those enqueue, in order, one at a time. On a thread of its
    /// own, waited for at most `limit` seconds: false when a job blocked its thread for longer (it
    /// waits for something the explorer does not run; that thread is left to it).
    func drain(limit: TimeInterval) -> Bool {
        Watchdog.onThreadOfItsOwn("RaceLab explorer: jobs") {
            while let (job, global) = self.jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                if global {
                    job.runSynchronously(on: self.asUnownedTaskExecutor())
                } else {
                    job.runSynchronously(
                        isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor())
                }
            }
        }.wait(timeout: .now() + limit) == .success
    }
}

extension Explorer {
    /// A program of tasks, built afresh for every run: each task prefers the explorer's executor, and
    /// so does every task it starts; an actor the program uses runs on it (`executor`).
    /// @unchecked Sendable: `outcomeReader` is set and read by the thread that builds the run; `run` has its
    /// own lock.
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
    public func exploreTasks(_ setup: (TaskProgram) -> Void) throws -> Exploration {
        try searching { try PreparedRun(tasks: TaskProgram(), setup) }
    }

    public func replayTasks(
        _ schedule: String, _ setup: (TaskProgram) -> Void,
        before: (Int) -> Void = { _ in }, each: (LaneStep) -> Void = { _ in }
    ) throws -> Run {
        try play(Self.parse(schedule), { try PreparedRun(tasks: TaskProgram(), setup) }, before: before, each: each).run
    }
}

extension Explorer.PreparedRun {
    init(tasks program: Explorer.TaskProgram, _ setup: (Explorer.TaskProgram) -> Void) throws {
        // While global jobs are captured (the attendee's tasks explored), this run's executor takes them.
        ExplorerGlobalJobs.capturing.withLock { if $0 != nil { $0 = program.run.executor } }
        setup(program)
        let outcome = try Explorer.PreparedRun.requireOutcomeReader(program.outcomeReader)
        // Each task runs to its first pause.
        guard program.run.executor.drain(limit: 10) else {
            throw Explorer.Problem(
                description: "a task did not reach its first point within 10 s: it blocks its thread")
        }
        self.init(run: program.run, outcome: outcome)
    }
}

/// One run of a program of tasks. Their jobs run one at a time, but a task's pause is reached from
/// inside its job, on the thread that runs the jobs: the state is under a lock all the same.
/// @unchecked Sendable: its state is `Locked`; `executor` is a `let`.
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

    struct State {
        var lanes: [Lane] = []
        /// Each task's lane, by the current task's hash.
        var lanesByTask: [Int: Int] = [:]
        var parked: [Int: CheckedContinuation<Void, Never>] = [:]
        var log: [ScheduleStep] = []

        /// Sets where `index` stopped, and so where its step (if it is the one running) ended.
        mutating func stop(_ index: Int, at pause: Pause) {
            lanes[index].pause = pause
            if let last = log.indices.last, log[last].thread == index { log[last].to = pause }
        }
    }

    let executor = ExplorerExecutor()
    private let state = Locked(State())

    func start(name: String, steps: [String], _ body: @escaping @Sendable () async -> Void) {
        let index = state.withLock { state in
            state.lanes.append(Lane(name: name, stepNames: steps, isProgramTask: true))
            return state.lanes.count - 1
        }
        Task(executorPreference: executor) {
            await TaskScheduleRun.$current.withValue(self) {
                let key = Self.currentTaskKey
                self.state.withLock { $0.lanesByTask[key] = index }
                await self.pause(index, at: .start)
                await body()
                // A task's memory, and so its key, can be a later task's: a finished one keeps none.
                self.state.withLock {
                    $0.stop(index, at: .finished)
                    $0.lanesByTask[key] = nil
                }
            }
        }
    }

    private static var currentTaskKey: Int { withUnsafeCurrentTask { $0?.hashValue ?? 0 } }

    func pauseCurrentTask(at pause: Pause) async {
        let key = Self.currentTaskKey
        // A task the program's tasks started gets a lane when it first pauses. It was started during
        // the step now running (a task runs until it pauses): that step's task started it.
        let index = state.withLock { state in
            if let index = state.lanesByTask[key] { return index }
            let starter =
                state.log.last.map { "a task \(Explorer.letters([$0.thread])) started" }
                ?? "a task started by the program"
            state.lanes.append(Lane(name: starter, stepNames: [], isProgramTask: false))
            state.lanesByTask[key] = state.lanes.count - 1
            return state.lanes.count - 1
        }
        await self.pause(index, at: pause)
    }

    private func pause(_ index: Int, at pause: Pause) async {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                state.parked[index] = continuation
                state.stop(index, at: pause)
            }
        }
    }

    /// Adds `text` to the current step. Another task that runs in it (woken by this step's task, with
    /// no point between) is named: "(B) gets the image".
    func record(_ text: String) {
        let key = Self.currentTaskKey
        state.withLock { state in
            guard let last = state.log.indices.last else { return }
            let lane = state.lanesByTask[key] ?? state.log[last].thread
            state.log[last].notes.append(
                lane == state.log[last].thread ? text : "(\(Explorer.letters([lane]))) \(text)")
        }
    }

    var runnable: [Int] { state.withLock { $0.parked.keys.sorted() } }
    var allFinished: Bool {
        state.withLock { $0.parked.isEmpty && $0.lanes.allSatisfy { !$0.isProgramTask || $0.pause == .finished } }
    }
    var stuck: String { "every task left awaits something the explorer does not schedule" }
    var noun: String { "task" }

    func stuckOutcome() throws -> String {
        throw Explorer.Problem(
            description: stuck
                + " (Task.sleep, a real download, an actor on another executor, a continuation never resumed)")
    }

    var names: [String] { state.withLock { $0.lanes.map(\.name) } }
    var stepNames: [[String]] { state.withLock { $0.lanes.map(\.stepNames) } }
    /// A task's step touches everything: tasks have no footprints (yet), so the reduction runs every
    /// order of theirs.
    func pendingFootprint(_ index: Int) -> Footprint { .everything }
    /// A task program that is stuck is a problem, not an outcome: nothing to play out.
    func drain(limit: TimeInterval) {}
    var startedBy: [Int?] { state.withLock { $0.lanes.map { _ in nil } } }
    var unfinished: [Int] {
        state.withLock { state in state.lanes.indices.filter { state.lanes[$0].pause != .finished } }
    }
    var steps: [ScheduleStep] { state.withLock { $0.log } }

    /// Resumes task `index` and runs every job until nothing is left to run: the task has paused
    /// again, ended, or awaits another.
    func step(_ index: Int, limit: TimeInterval) -> String? {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let continuation = state.parked.removeValue(forKey: index) else { return nil }
            state.log.append(
                ScheduleStep(thread: index, ordinal: state.lanes[index].steps, from: state.lanes[index].pause))
            state.lanes[index].steps += 1
            return continuation
        }
        guard let continuation else { return whyNot(index) }
        continuation.resume()
        guard executor.drain(limit: limit) else {
            return
                "task \(Explorer.letters([index])) (\(names[index])) did not come back to a point within \(Int(limit)) s: it blocks its thread (a semaphore, a lock, a sleep)"
        }
        state.withLock { state in
            guard state.parked[index] == nil, state.lanes[index].pause != .finished else { return }
            // Not paused again and not ended: it awaits another task (or ended, if it was started by
            // one: those are not watched to their end, and their key goes, as a finished task's).
            if state.lanes[index].isProgramTask {
                state.stop(index, at: .point("awaits another task"))
            } else {
                state.stop(index, at: .finished)
                state.lanesByTask = state.lanesByTask.filter { $0.value != index }
            }
        }
        return nil
    }

    func whyNot(_ index: Int) -> String {
        if let missing = missing(index) { return missing }
        let pause = state.withLock { $0.lanes[index].pause }
        let letter = Explorer.letters([index])
        return pause == .finished ? "\(letter) has finished" : "\(letter) awaits another task"
    }
}
