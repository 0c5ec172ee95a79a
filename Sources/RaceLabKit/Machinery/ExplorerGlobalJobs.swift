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

    /// The executor that takes the global jobs now; nil: they go where they always go.
    static let capturing = Locked<ExplorerExecutor?>(nil)
    /// Whether the hook was found and set (once).
    private static let installed = Locked<Bool?>(nil)

    /// Sets the hook, once; false when the runtime has none.
    static func install() -> Bool {
        installed.withLock { installed in
            if let done = installed { return done }
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else {
                installed = false
                return false
            }
            let hook: Hook = { job, original in
                if let executor = ExplorerGlobalJobs.capturing.current {
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
