extension Task where Success == Never, Failure == Never {
    /// Suspends the calling task for `seconds` lesson seconds: `sleep(lessonSeconds:)` for async code,
    /// which holds no thread while it waits. Like `Task.sleep(nanoseconds:)`, it throws
    /// `CancellationError` when the task is cancelled, at once. On a task the schedule explorer runs
    /// (`Explorer.exploreTasks`), it is an interleaving point instead, as the blocking one is on an
    /// explored thread.
    ///
    /// A method of `Task`, not a free `sleep(lessonSeconds:) async` beside the blocking one: in async
    /// code Swift prefers the async overload, so every blocking `sleep(lessonSeconds:)` a lesson makes
    /// there on purpose (lesson 12's renames, say) would stop compiling.
    public static func sleep(lessonSeconds seconds: Double) async throws {
        if let run = TaskScheduleRun.current {
            await run.pauseCurrentTask(at: .point("sleep"))
            return try Task<Never, Never>.checkCancellation()
        }
        try await Task<Never, Never>.sleep(nanoseconds: UInt64(LessonClock.shared.realSeconds(max(0, seconds)) * 1e9))
    }
}
