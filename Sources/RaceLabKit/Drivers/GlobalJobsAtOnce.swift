import Foundation

/// Runs a job sent to the global executor at once, on the thread that sent it, before that thread
/// goes on: a schedule a machine gives when the sending thread is held up right after the send while
/// another runs the job. Only for a thread that is not the main thread and runs no task (a queue's
/// block, a legacy completion handler's thread). A quiet machine makes a task that one thread starts
/// (`Task.detached { … }`) reach its first `await` after the same thread's next lines; code that trusts
/// that (an empty feed's detached task that calls `done` before a task made after it shows the items:
/// adversarial round 9's `detached-before-items`, exercise 15) meets the other order here. Through
/// `GlobalJobHook`.
public enum GlobalJobsAtOnce {
    private static let on = Locked(false)

    /// From now on (`on`), or no longer, global jobs sent off the main thread, outside any task, run at
    /// once. False where the runtime has no hook.
    @discardableResult
    public static func run(_ on: Bool) -> Bool {
        guard GlobalJobHook.install() else { return false }
        self.on.withLock { $0 = on }
        return true
    }

    /// Runs `job` now, if jobs sent now run at once and this thread may run it; false otherwise.
    static func take(_ job: UnownedJob) -> Bool {
        guard on.current, !Thread.isMainThread, withUnsafeCurrentTask(body: { $0 == nil }) else { return false }
        job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
        return true
    }
}
