import Foundation

/// Every job sent to the global executor, captured for the explorer while it explores the attendee's
/// tasks: an unstructured `Task {}` (which does not inherit the executor preference of the task that
/// made it, SE-0417) and a default actor called from one run on the explorer's executor too, one job
/// at a time (through `GlobalJobHook`).
enum ExplorerGlobalJobs {
    /// Whether global jobs are captured now (`start`, `stop`), and the executor of the run under way,
    /// which takes them; else they go where they always go.
    private static let capture = Locked<(on: Bool, executor: ExplorerExecutor?)>((false, nil))
    /// 1 while capturing: read first, relaxed, so that a job sent while nothing captures takes no lock
    /// (a lock every sender took would order their threads for ThreadSanitizer, and hide their races).
    private static let capturingWord = RelaxedWord()

    /// From now on, each run of tasks the explorer makes takes every global job (`runs(on:)`), if
    /// the runtime has the hook; false when it has none.
    @discardableResult
    static func start() -> Bool {
        guard GlobalJobHook.install() else { return false }
        capture.withLock { $0 = (true, nil) }
        capturingWord.value = 1
        return true
    }

    static func stop() {
        capturingWord.value = 0
        capture.withLock { $0 = (false, nil) }
    }

    /// Whether global jobs are captured now.
    static var capturing: Bool { capture.current.on }

    /// A run of tasks starts on `executor`: while capturing, the global jobs go there.
    static func runs(on executor: ExplorerExecutor) { capture.withLock { if $0.on { $0.executor = executor } } }

    /// Takes `job` for the run under way, if one captures; false otherwise.
    static func take(_ job: UnownedJob) -> Bool {
        guard capturingWord.value == 1, let executor = capture.current.executor else { return false }
        executor.enqueueGlobal(job)
        return true
    }
}
