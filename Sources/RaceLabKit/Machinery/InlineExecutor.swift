import Dispatch

/// A task executor whose jobs run on the thread that starts the task, until the task first waits
/// for something; its jobs after that run on a global queue (SE-0417 task executor preference). A
/// task started with it runs the attendee's nonisolated async code on a thread the driver chose, at
/// the moment the driver chose: two such threads in `Lockstep` make two calls at the same instant,
/// which the cooperative pool's threads, waking when they may, do not (exercises 12 and 13). An
/// actor's code still runs on the actor's executor.
/// @unchecked Sendable: `state` is `Locked`.
public final class InlineExecutor: TaskExecutor, @unchecked Sendable {
    public init() {}

    /// The jobs waiting to run on the starting thread, and whether it still runs them.
    private let state = Locked<(jobs: [UnownedJob], inline: Bool)>(([], false))

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let inline = state.withLock { state in
            if state.inline { state.jobs.append(job) }
            return state.inline
        }
        guard !inline else { return }
        DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// Starts `work` as a task that prefers this executor and runs it on this thread until it first
    /// waits; `done` gets what it returns, on whichever thread it ends.
    public func start<Result: Sendable>(
        _ work: @escaping @Sendable () async -> Result, then done: @escaping @Sendable (Result) -> Void
    ) {
        state.withLock { $0.inline = true }
        Task(executorPreference: self) { done(await work()) }
        while let job = state.withLock({ state -> UnownedJob? in
            if state.jobs.isEmpty { state.inline = false }
            return state.jobs.isEmpty ? nil : state.jobs.removeFirst()
        }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
