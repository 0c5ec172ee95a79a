import Foundation

/// The one hook on the runtime's global executor, shared by the explorer (`ExplorerGlobalJobs`) and
/// the drivers' stagger (`GlobalJobStagger`) and jobs run at once (`GlobalJobsAtOnce`): the concurrency runtime sends every job meant for the
/// global executor to `swift_task_enqueueGlobal_hook` when it is set, with the original enqueue (Swift's
/// concurrency runtime, `GlobalExecutor.cpp`, `swift_task_enqueueGlobal`), found here with `dlsym`.
/// Delayed jobs (`Task.sleep`) go another way and are not seen.
enum GlobalJobHook {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// Whether the hook was found and set (once).
    private static let installed = Locked<Bool?>(nil)

    /// Sets the hook, once; false when the runtime has none. Each job goes to the explorer's run when
    /// it captures, else to the stagger when it holds jobs, else runs at once when jobs do, else where
    /// it always goes.
    static func install() -> Bool {
        installed.withLock { installed in
            if let done = installed { return done }
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else {
                installed = false
                return false
            }
            let hook: Hook = { job, original in
                if ExplorerGlobalJobs.take(job) { return }
                if GlobalJobStagger.take(job, original) { return }
                if GlobalJobsAtOnce.take(job) { return }
                original(job)
            }
            symbol.assumingMemoryBound(to: Hook?.self).pointee = hook
            installed = true
            return true
        }
    }
}
