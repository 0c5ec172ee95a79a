import Foundation

/// Runs a job sent to the global executor at once, on a thread of its own, while the thread that sent
/// it waits, up to `patience`, for the job to reach its first suspension or end: the schedule a machine
/// gives when the sending thread is held up right after the send while another runs the job. Only for
/// a sending thread that is not the main thread and runs no task (a queue's block, a legacy completion
/// handler's thread). A quiet machine makes a task that one thread starts (`Task.detached { … }`) reach
/// its first `await` after the same thread's next lines; code that trusts that (an empty feed's
/// detached task that calls `done` before a task made after it shows the items: adversarial round 9's
/// `detached-before-items`, exercise 15) meets the other order here. A job that waits for the sending
/// thread (a lock it holds) lets it go on after `patience`, as it would. The sender waits on a relaxed
/// word, which orders nothing for ThreadSanitizer. Through `GlobalJobHook`.
public enum GlobalJobsAtOnce {
    /// 1 while jobs run at once: relaxed, so that a job sent takes no lock (a lock every sender took
    /// would order their threads for ThreadSanitizer, and hide their races).
    private static let on = RelaxedWord()

    /// From now on (`on`), or no longer, global jobs sent off the main thread, outside any task, run at
    /// once. False where the runtime has no hook.
    @discardableResult
    public static func run(_ on: Bool) -> Bool {
        guard GlobalJobHook.install() else { return false }
        self.on.value = on ? 1 : 0
        return true
    }

    /// How long the sending thread waits for the job at most, in nanoseconds of real time.
    static let patience: UInt64 = 20_000_000
    /// Where the jobs run: side by side, so that one that waits holds up no other.
    private static let runner = DispatchQueue(label: "racelab.global-jobs-at-once", attributes: .concurrent)

    /// Runs `job` now, while this thread waits, if jobs sent now run at once and this thread may wait
    /// for it; false otherwise.
    static func take(_ job: UnownedJob) -> Bool {
        guard on.value == 1, !Thread.isMainThread, withUnsafeCurrentTask(body: { $0 == nil }) else { return false }
        let ran = RelaxedWord()
        runner.async {
            job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
            ran.value = 1
        }
        let since = DispatchTime.now().uptimeNanoseconds
        while ran.value == 0 && DispatchTime.now().uptimeNanoseconds - since < patience { usleep(20) }
        return true
    }
}
