import Dispatch
import Foundation

/// Holds the jobs sent to the global executor for a moment and lets them go one at a time, in the
/// order they were sent or in reverse, so that a driver puts code that trusts two unstructured tasks
/// (or a task's hop to the main actor and a call made meanwhile) to run in a certain order to each of
/// those orders, instead of to the one a quiet machine happens to give. Any order of these jobs is one
/// the global executor may choose: it runs them side by side on as many threads as it likes. Through
/// `GlobalJobHook`; where the runtime has no hook, `hold` says so and nothing is held.
public enum GlobalJobStagger {
    public enum Order: Sendable { case asSent, reversed }

    /// How long a job is held before the jobs held with it go, in real seconds, unless `hold` says.
    public static let window = 0.03

    private struct Held {
        let job: UnownedJob
        let original: GlobalJobHook.Original
    }

    private struct State {
        var order: Order?
        var spacing = 0.0
        var held: [Held] = []
        var due = false
        var windows: Int?
        var window = GlobalJobStagger.window
        var fromMainOnly = false
    }

    private static let state = Locked(State())
    /// 1 while jobs are held (`order` set): read first, relaxed, so that a job sent while none are held
    /// takes no lock (a lock every sender took would order their threads for ThreadSanitizer, and hide
    /// their races).
    private static let holdingWord = RelaxedWord()
    private static let line = DispatchQueue(label: "racelab.global-job-stagger")

    /// From now on, global jobs are held and go in `order`, `spacing` real seconds apart: by default
    /// enough for one to reach its next await (a hop to the main actor) before the next starts, on a
    /// busy machine. With `windows`, only the jobs of that many windows (the first held and those sent
    /// within `window` of it) are held, and the jobs sent after go at once: the jobs some code starts
    /// together are spaced, and what they go on to do is not slowed. nil: they go at once again (jobs
    /// already held still go). `window`: how long the first job is held before the jobs sent with it
    /// go. `fromMainOnly`: only the jobs the main thread sends are held (a main-actor task's way back to
    /// the global executor); the others go at once. False where the runtime has no hook.
    @discardableResult
    public static func hold(
        _ order: Order?, spacing: Double = 0.01, windows: Int? = nil, window: Double = GlobalJobStagger.window,
        fromMainOnly: Bool = false
    ) -> Bool {
        guard GlobalJobHook.install() else { return false }
        state.withLock { state in
            (state.order, state.spacing, state.windows) = (order, spacing, windows)
            (state.window, state.fromMainOnly) = (window, fromMainOnly)
            holdingWord.value = order == nil ? 0 : 1
        }
        return true
    }

    /// Whether jobs sent now are held.
    static var holding: Bool { state.current.order != nil }

    /// Takes `job` to hold, if jobs are held now; false otherwise.
    static func take(_ job: UnownedJob, _ original: GlobalJobHook.Original) -> Bool {
        guard holdingWord.value == 1 else { return false }
        let onMain = Thread.isMainThread
        let schedule = state.withLock { state -> Double? in
            guard state.order != nil, onMain || !state.fromMainOnly else { return nil }
            state.held.append(Held(job: job, original: original))
            defer { state.due = true }
            return state.due ? 0 : state.window
        }
        guard let schedule else { return false }
        if schedule > 0 { line.asyncAfter(deadline: .now() + schedule) { release() } }
        return true
    }

    /// Lets the jobs held so far go, `spacing` apart, in their order.
    private static func release() {
        let (held, spacing) = state.withLock { state -> ([Held], Double) in
            defer {
                (state.held, state.due) = ([], false)
                if let windows = state.windows {
                    state.windows = windows - 1
                    if windows <= 1 {
                        state.order = nil
                        holdingWord.value = 0
                    }
                }
            }
            return (state.order == .reversed ? state.held.reversed() : state.held, state.spacing)
        }
        for (index, one) in held.enumerated() {
            line.asyncAfter(deadline: .now() + spacing * Double(index)) { one.original(one.job) }
        }
    }
}

extension GlobalJobStagger {
    /// Runs `first` from a task of low priority (`.utility`) and, the moment it returns, `then` from a
    /// task of higher priority (`.high`), while the global executor's jobs are held and let go last
    /// first. Code that leaves work to a task of its own on an actor (`Task { … }` on its way out)
    /// gives up the actor with that task's job still queued there; `then`'s job goes first, reaches the
    /// actor while the job waits, and a default actor runs the higher priority first (Swift's runtime,
    /// `Actor.cpp`). Exercises 12 and 13 read or ask again so. Returns both results.
    /// With `windows` 2, only the low task's start (the first window) and the jobs its call sends
    /// together (the second) are held; what comes after goes at once: a call that hands its change to a
    /// task of its own and waits a moment (a short sleep) before it returns has both jobs let go last
    /// first, the sleep's first, and the read goes before the task's job is let go.
    public static func lowThenHighAtOnce<First: Sendable, Then: Sendable>(
        _ first: @escaping @Sendable () async -> First, then: @escaping @Sendable (First) async -> Then,
        windows: Int? = nil
    ) async -> (First, Then) {
        hold(.reversed, windows: windows)
        defer { hold(nil) }
        return await Task(priority: .utility) {
            let done = await first()
            return (done, await Task(priority: .high) { await then(done) }.value)
        }.value
    }
}
