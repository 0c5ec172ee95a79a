// Page 5: cancellation is cooperative. One parent task, three kinds of work under it; the parent is
// cancelled at 1.2 s.
import Dispatch
import RaceLabKit

/// Half a lesson second that ends early, throwing, when the task is cancelled (`Task.sleep` checks).
func step() async throws {
    try await Task.sleep(nanoseconds: UInt64(LessonClock.shared.realSeconds(0.5) * 1e9))
}

/// Half a lesson second through a callback API wrapped without a cancellation handler: a suspension
/// that never looks at cancellation.
func stepIgnoringCancellation() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().asyncAfter(lessonSeconds: 0.5) { continuation.resume() }
    }
}

/// Four steps of `work`; says each, and says how the work ended.
func fourSteps(_ name: String, _ work: @Sendable () async throws -> Void) async {
    do {
        for number in 1...4 {
            try await work()
            say("\(name): step \(number)\(Task.isCancelled ? " (its task is cancelled; it does not look)" : "")")
        }
        say("\(name): ran to the end")
    } catch {
        say("\(name): stopped, cancelled")
    }
}

/// The parent: an unstructured `Task { }` it starts, and a task group of two children, one that checks
/// for cancellation and one that never does. Returns when all have ended.
func parentWithThreeKinds() -> Task<Void, Never> {
    Task.detached {
        let loose = Task { await fourSteps("unstructured Task { }", step) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await fourSteps("group child that checks", step) }
            group.addTask { await fourSteps("group child that never checks", stepIgnoringCancellation) }
        }
        await loose.value
    }
}
