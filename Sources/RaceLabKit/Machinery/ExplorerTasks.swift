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

    /// Runs every waiting job, and every job those enqueue, in order, one at a time, on the calling
    /// thread, until none is left.
    func runWaiting() {
        while let (job, global) = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            if global {
                job.runSynchronously(on: asUnownedTaskExecutor())
            } else {
                job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
            }
        }
    }
}

extension Explorer {
    /// A program of tasks, built afresh for every run: each task prefers the explorer's executor, and
    /// so does every task it starts; an actor the program uses runs on it (`executor`).
    /// @unchecked Sendable: `outcomeReader` is set and read by the thread that builds the run; `run` has its
    /// own lock.
    public final class TaskProgram: @unchecked Sendable {
        let run: TaskScheduleRun
        var outcomeReader: (() -> String)?

        init(wakePoints: Bool) { run = TaskScheduleRun(wakePoints: wakePoints) }

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

    /// Every schedule of the tasks `setup` builds: a task is paused at `Interleaving.suspend` and, inside
    /// a job, at each `ExplorableLock` it takes; between two of those, every job runs in order, one at a
    /// time.
    public func exploreTasks(_ setup: (TaskProgram) -> Void) throws -> Exploration {
        try searching { try PreparedRun(tasks: TaskProgram(wakePoints: taskWakePoints), setup) }
    }

    public func replayTasks(
        _ schedule: String, _ setup: (TaskProgram) -> Void,
        before: (Int) -> Void = { _ in }, each: (LaneStep) -> Void = { _ in }
    ) throws -> Run {
        try play(
            Self.parse(schedule), { try PreparedRun(tasks: TaskProgram(wakePoints: taskWakePoints), setup) },
            before: before, each: each
        ).run
    }
}

extension Explorer.PreparedRun {
    init(tasks program: Explorer.TaskProgram, _ setup: (Explorer.TaskProgram) -> Void) throws {
        // While global jobs are captured (the attendee's tasks explored), this run's executor takes them.
        ExplorerGlobalJobs.runs(on: program.run.executor)
        setup(program)
        let outcome = try Explorer.PreparedRun.requireOutcomeReader(program.outcomeReader)
        // Each task runs to its first pause.
        guard program.run.runJobs(limit: 10) else {
            throw Explorer.Problem(
                description: "a task did not reach its first point within 10 s: it blocks its thread")
        }
        self.init(run: program.run, outcome: outcome)
    }
}

/// One run of a program of tasks. Their jobs run one at a time, but a task's pause is reached from
/// inside its job, on the thread that runs the jobs: the state is under a lock all the same.
/// A task stops in one of two ways: at an `await` (`Interleaving.suspend`), where its job ends; or
/// inside its job, at a lock it takes (a job cannot await there), where the thread running it waits.
/// Then the jobs left run on another thread, and the waiting one carries on from the lock when the
/// task's turn comes again: still one job running at a time.
/// @unchecked Sendable: its state is `Locked`; `executor` and `stepEnded` are `let`s.
final class TaskScheduleRun: Schedulable, @unchecked Sendable {
    @TaskLocal static var current: TaskScheduleRun?
    /// Set while `Interleaving.cancel` runs a task's cancellation handlers: their locks are no points.
    @TaskLocal static var inCancelHandlers = false
    /// Where a task that waits for another (its value, an actor it wants) stopped.
    static let awaitsAnother = "awaits another task"

    struct Lane {
        var name: String
        var stepNames: [String]
        /// Added by the program (it ends when its body returns), not started by one of its tasks.
        var isProgramTask: Bool
        var pause = Pause.start
        var steps = 0
        /// Went on where the explorer cannot cut (picked at an await, started by another task, woken
        /// by one) and has taken no lock since (`takeInJob`).
        var wentOnUnseen = false
    }

    struct State {
        var lanes: [Lane] = []
        /// Each task's lane, by the current task's hash.
        var lanesByTask: [Int: Int] = [:]
        /// The tasks stopped at a point, and how each goes on.
        var parked: [Int: Parked] = [:]
        /// Who holds each explorable lock a task took: the task's key (it may have no lane).
        var holders: [ObjectIdentifier: Int] = [:]
        /// Tasks with no lane yet (started by another, never stopped) that took a lock in this step.
        var lanelessLocked: Set<Int> = []
        /// Tasks woken in a step that stopped at their point (`ExplorableTask`), still there: the step
        /// they were woken in, and their turn among those woken in it. The runtime wakes the waiters of
        /// a task that ends in one order, and an actor runs them in that order: others may come in
        /// between them, but they go on in that order (`runnable`).
        var woken: [Int: (step: Int, turn: Int)] = [:]
        var log: [ScheduleStep] = []

        /// The lane of the task that holds `lock`, if it has one.
        func holder(of lock: ObjectIdentifier) -> Int? { holders[lock].flatMap { lanesByTask[$0] } }

        /// The key of the task whose lane `lane` is.
        func key(of lane: Int) -> Int? { lanesByTask.first { $0.value == lane }?.key }

        /// Sets where `index` stopped, and so where its step (if it is the one running) ended.
        mutating func stop(_ index: Int, at pause: Pause) {
            lanes[index].pause = pause
            lanes[index].wentOnUnseen = false
            if let last = log.indices.last, log[last].thread == index { log[last].to = pause }
        }
    }

    /// How a stopped task goes on: its continuation resumed (its jobs then run on a new thread), or
    /// the thread it stopped on let through.
    enum Parked {
        case awaiting(CheckedContinuation<Void, Never>)
        case inJob(Gate)
    }

    let executor = ExplorerExecutor()
    /// Whether a task woken when a `Task` it awaited ended stops at a point (`ExplorableTask`,
    /// `Explorer.taskWakePoints`).
    let wakePoints: Bool

    init(wakePoints: Bool = true) { self.wakePoints = wakePoints }
    /// Whether every global job runs on `executor` in this run (`ExplorerGlobalJobs`, set before the run
    /// is made): then nothing outside the run can wake one of its tasks.
    let capturesGlobalJobs = ExplorerGlobalJobs.capturing
    private let state = Locked(State())
    /// Signalled when the step under way is over: no job is left to run, or a task stopped inside one.
    private let stepEnded = DispatchSemaphore(value: 0)

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
        await self.pause(laneOfCurrentTask(), at: pause)
    }

    /// Where wake-ups are points (`wakePoints`): the current task, if it runs in another task's step
    /// (woken by it: a task it awaited ended there), stops at `pause`, to go on in its turn among those
    /// woken in that step.
    func pauseIfWoken(at pause: Pause) async {
        guard wakePoints else { return }
        let key = Self.currentTaskKey
        let woken = state.withLock { state in
            guard let last = state.log.last else { return false }
            return state.lanesByTask[key] != last.thread
        }
        guard woken else { return }
        let index = laneOfCurrentTask()
        state.withLock { state in
            let step = state.log.count - 1
            state.woken[index] = (step, state.woken.values.count { $0.step == step })
        }
        await self.pause(index, at: pause)
    }

    /// The current task takes `lock` inside its job. Its first taking since it went on (picked at an
    /// await, started by another task, woken by one) is no point when the lock is free: from there to
    /// the lock, it touched nothing that another task's locked code reads or writes (what it touched
    /// unlocked is ThreadSanitizer's), so a point there would add only schedules that end as one
    /// without it, and a task started or woken in a step would become a lane of its own. Every other
    /// taking is a point: the gap between two takings is where a split critical section lets another
    /// task in. (An actor hop between the await and the lock is such a gap too, which the explorer
    /// does not cut: `ExploredPrimitives.Kind.notPlayed` says so.)
    /// A task with no lane (started by another, never stopped) is given none here: a lane is made only
    /// where a task stops, and its key is let go when it ends (a later task may have its address).
    func takeInJob(_ lock: ObjectIdentifier, label: String) {
        let key = Self.currentTaskKey
        let taken = state.withLock { state -> Bool in
            guard state.holders[lock] == nil else { return false }
            if let index = state.lanesByTask[key] {
                defer { state.lanes[index].wentOnUnseen = false }
                guard state.lanes[index].wentOnUnseen else { return false }
            } else {
                guard state.lanelessLocked.insert(key).inserted else { return false }
            }
            state.holders[lock] = key
            return true
        }
        if !taken { pauseInJob(at: .acquire(lock, label: label)) }
    }

    /// The current task stops inside its job, at a lock: its thread waits there, and it goes on when
    /// the explorer picks the task again. The jobs left run on another thread meanwhile (what the step
    /// woke runs to its points, as at an await), and the step ends when they are done.
    func pauseInJob(at pause: Pause) {
        let index = laneOfCurrentTask()
        let gate = Gate()
        state.withLock { state in
            state.parked[index] = .inJob(gate)
            state.stop(index, at: pause)
        }
        runJobsOnAnotherThread()
        gate.pass()
        // It goes on holding the lock it stopped at (or past a point): its next taking is a point.
        state.withLock { $0.lanes[index].wentOnUnseen = false }
    }

    /// `try()`: the current task takes `lock` in the step it is taking if nobody holds it.
    func tryAcquire(_ lock: ObjectIdentifier) -> Bool {
        let key = Self.currentTaskKey
        return state.withLock { state in
            guard state.holders[lock] == nil else { return false }
            state.holders[lock] = key
            return true
        }
    }

    func release(_ lock: ObjectIdentifier) { state.withLock { _ = $0.holders.removeValue(forKey: lock) } }

    private func laneOfCurrentTask() -> Int {
        let key = Self.currentTaskKey
        // A task the program's tasks started gets a lane when it first pauses. It was started during
        // the step now running (a task runs until it pauses): that step's task started it.
        return state.withLock { state in
            if let index = state.lanesByTask[key] { return index }
            let starter =
                state.log.last.map { "a task \(Explorer.letters([$0.thread])) started" }
                ?? "a task started by the program"
            state.lanes.append(Lane(name: starter, stepNames: [], isProgramTask: false, wentOnUnseen: true))
            state.lanesByTask[key] = state.lanes.count - 1
            return state.lanes.count - 1
        }
    }

    private func pause(_ index: Int, at pause: Pause) async {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                state.parked[index] = .awaiting(continuation)
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

    /// The tasks stopped at a point, but not one waiting for a lock another holds.
    var runnable: [Int] {
        state.withLock { state in
            state.parked.keys.sorted().filter { index in
                if let mine = state.woken[index],
                    state.woken.values.contains(where: { $0.step == mine.step && $0.turn < mine.turn })
                {
                    return false
                }
                guard case .acquire(let lock, _) = state.lanes[index].pause else { return true }
                return state.holders[lock] == nil
            }
        }
    }
    var allFinished: Bool {
        state.withLock { $0.parked.isEmpty && $0.lanes.allSatisfy { !$0.isProgramTask || $0.pause == .finished } }
    }
    var stuck: String { "every task left awaits something the explorer does not schedule" }
    var noun: String { "task" }

    /// What a run ends in when some tasks have not ended and none can go on: every task left waits
    /// for good, a wrong outcome of the attendee's code (`ExploredCode`), when all it awaits runs here.
    static let waitsForGood = "every task left waits for good"

    /// A deadlock when a task waits for a lock another holds (their threads are left waiting: the
    /// explorer cannot take a lock back from a job). While every global job is captured (the
    /// attendee's tasks explored, their file using nothing that runs elsewhere: no queue, thread,
    /// sleep or main actor), nothing outside the run can wake a task: each waits for good (a
    /// continuation never resumed, a task never woken). Else a problem: the explorer cannot tell.
    func stuckOutcome() throws -> String {
        let locked = state.withLock { state in
            state.parked.contains { index, _ in
                if case .acquire = state.lanes[index].pause { return true }
                return false
            }
        }
        if locked { return "deadlock" }
        if capturesGlobalJobs { return Self.waitsForGood }
        throw Explorer.Problem(
            description: stuck
                + " (Task.sleep, a real download, an actor on another executor, a continuation never resumed)")
    }

    var names: [String] { state.withLock { $0.lanes.map(\.name) } }
    var stepNames: [[String]] { state.withLock { $0.lanes.map(\.stepNames) } }
    /// A task's step touches everything: tasks have no footprints (yet), so the reduction runs every
    /// order of theirs.
    func pendingFootprint(_ index: Int) -> Footprint { .everything }
    func pendingLocks(_ index: Int) -> Footprint { .nothing }
    /// Nothing to play out: a stuck program of tasks is a problem, and the threads of a deadlocked
    /// one wait for good (a job cannot be cut short).
    func drain(limit: TimeInterval) {}
    var startedBy: [Int?] { state.withLock { $0.lanes.map { _ in nil } } }
    var unfinished: [Int] {
        state.withLock { state in state.lanes.indices.filter { state.lanes[$0].pause != .finished } }
    }
    var steps: [ScheduleStep] { state.withLock { $0.log } }

    /// Runs the waiting jobs on a kept thread until none is left (a task that stops inside one hands the
    /// rest to another thread); false when they did not end within `limit` seconds (a job blocks its
    /// thread; that thread is left to it).
    func runJobs(limit: TimeInterval) -> Bool {
        runJobsOnAnotherThread()
        return stepEnded.wait(timeout: .now() + limit) == .success
    }

    private func runJobsOnAnotherThread() {
        ExplorerThreads.run {
            self.executor.runWaiting()
            self.stepEnded.signal()
        }
    }

    /// Lets task `index` go on (taking the lock it stopped at, if it did) and runs every job until
    /// nothing is left to run or a task stops inside one: the task has paused again, ended, or awaits
    /// another.
    func step(_ index: Int, limit: TimeInterval) -> String? {
        let parked = state.withLock { state -> Parked? in
            guard let parked = state.parked.removeValue(forKey: index) else { return nil }
            // A task woken in another's step, at its point (`ExplorableTask`): its own last step, which
            // waited, ran to that point.
            if state.woken.removeValue(forKey: index) != nil,
                let own = state.log.indices.last(where: { state.log[$0].thread == index }),
                state.log[own].to == .point(Self.awaitsAnother)
            {
                state.log[own].to = state.lanes[index].pause
            }
            state.log.append(
                ScheduleStep(thread: index, ordinal: state.lanes[index].steps, from: state.lanes[index].pause))
            state.lanes[index].steps += 1
            if case .acquire(let lock, _) = state.lanes[index].pause { state.holders[lock] = state.key(of: index) }
            // A task without a lane that runs in this step went on unseen (woken, or started), as at its
            // first taking; and a task's key, by its address, may be another's by now.
            state.lanelessLocked = []
            if case .awaiting = parked { state.lanes[index].wentOnUnseen = true }
            return parked
        }
        let came: Bool
        switch parked {
        case nil: return whyNot(index)
        case .awaiting(let continuation):
            continuation.resume()
            came = runJobs(limit: limit)
        case .inJob(let gate):
            // Its thread carries on from the lock, then runs the jobs left, as `runJobs` does.
            gate.open()
            came = stepEnded.wait(timeout: .now() + limit) == .success
        }
        guard came else {
            return
                "task \(Explorer.letters([index])) (\(names[index])) did not come back to a point within \(Int(limit)) s: it blocks its thread (a semaphore, a lock, a sleep)"
        }
        state.withLock { state in
            guard state.parked[index] == nil, state.lanes[index].pause != .finished else { return }
            // Not paused again and not ended: it awaits another task (or ended, if it was started by
            // one: those are not watched to their end, and their key goes, as a finished task's).
            if state.lanes[index].isProgramTask {
                state.stop(index, at: .point(Self.awaitsAnother))
                state.lanes[index].wentOnUnseen = true
            } else {
                state.stop(index, at: .finished)
                state.lanesByTask = state.lanesByTask.filter { $0.value != index }
            }
        }
        return nil
    }

    func whyNot(_ index: Int) -> String {
        if let missing = missing(index) { return missing }
        let (pause, holder) = state.withLock { state -> (Pause, Int?) in
            let pause = state.lanes[index].pause
            guard case .acquire(let lock, _) = pause else { return (pause, nil) }
            return (pause, state.holder(of: lock))
        }
        let letter = Explorer.letters([index])
        if let holder { return "\(letter) waits for the lock \(Explorer.letters([holder])) holds" }
        return pause == .finished ? "\(letter) has finished" : "\(letter) \(Self.awaitsAnother)"
    }
}
