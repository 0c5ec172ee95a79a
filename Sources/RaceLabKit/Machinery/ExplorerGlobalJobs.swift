import Foundation

/// Every job sent to the global executor, captured for the explorer while it explores the attendee's
/// tasks: an unstructured `Task {}` (which does not inherit the executor preference of the task that
/// made it, SE-0417) and a default actor called from one run on the explorer's executor too, one job
/// at a time. Through the runtime's `swift_task_enqueueGlobal_hook` (Swift's concurrency runtime,
/// `GlobalExecutor.cpp`, `swift_task_enqueueGlobal`: a hook set there gets each global job and the
/// original enqueue), found with `dlsym`. Delayed jobs (`Task.sleep`) are not captured.
enum ExplorerGlobalJobs {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// Whether global jobs are captured now (`start`, `stop`), and the executor of the run under way,
    /// which takes them; else they go where they always go.
    private static let capture = Locked<(on: Bool, executor: ExplorerExecutor?)>((false, nil))

    /// From now on, each run of tasks the explorer makes takes every global job (`runs(on:)`), if
    /// the runtime has the hook; false when it has none.
    @discardableResult
    static func start() -> Bool {
        guard install() else { return false }
        capture.withLock { $0 = (true, nil) }
        return true
    }

    static func stop() { capture.withLock { $0 = (false, nil) } }

    /// Whether global jobs are captured now.
    static var capturing: Bool { capture.current.on }

    /// A run of tasks starts on `executor`: while capturing, the global jobs go there.
    static func runs(on executor: ExplorerExecutor) { capture.withLock { if $0.on { $0.executor = executor } } }
    /// Whether the hook was found and set (once).
    private static let installed = Locked<Bool?>(nil)

    /// Sets the hook, once; false when the runtime has none.
    private static func install() -> Bool {
        installed.withLock { installed in
            if let done = installed { return done }
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else {
                installed = false
                return false
            }
            let hook: Hook = { job, original in
                if let executor = ExplorerGlobalJobs.capture.current.executor {
                    executor.enqueueGlobal(job)
                } else {
                    original(job)
                }
            }
            symbol.assumingMemoryBound(to: Hook?.self).pointee = hook
            installed = true
            return true
        }
    }
}
