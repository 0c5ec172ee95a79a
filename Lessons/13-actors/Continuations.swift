// Page 3: callback APIs wrapped in checked continuations, and the two ways to get it wrong. Both run
// in child processes (ChildProcess): one crashes, the other leaves a task waiting for good.
import Dispatch
import RaceLabKit

/// A callback API as GCD code wrote them, with a bug: after a retry it calls its completion again.
final class AnswerLoader: Sendable {
    private let completion = Locked<(@Sendable (Int) -> Void)?>(nil)

    func load(_ completion: @escaping @Sendable (Int) -> Void) {
        self.completion.withLock { $0 = completion }
        DispatchQueue.global().asyncAfter(lessonSeconds: 0.2) { completion(41) }
    }

    /// The retry: the same completion, called a second time.
    func retry() {
        completion.current?(42)
    }
}

/// The callback API behind a continuation, resumed each time it calls back: twice, after a retry.
func fetchAnswer(from loader: AnswerLoader) async -> Int {
    await withCheckedContinuation { continuation in
        loader.load { continuation.resume(returning: $0) }
    }
}

/// A callback API that calls back with nil when there is nothing to say.
func loadGreeting(_ completion: @escaping @Sendable (String?) -> Void) {
    DispatchQueue.global().asyncAfter(lessonSeconds: 0.2) { completion(nil) }
}

/// Its wrapper, which resumes only when there is a greeting: on the nil path, never.
func fetchGreeting() async -> String {
    await withCheckedContinuation { continuation in
        loadGreeting { greeting in
            if let greeting { continuation.resume(returning: greeting) }
        }
    }
}

/// The right wrapper: one resume on every path.
func fetchGreetingOrNil() async -> String? {
    await withCheckedContinuation { continuation in
        loadGreeting { continuation.resume(returning: $0) }
    }
}

/// Child "resume-twice": the task gets its answer; then the loader retries, and the continuation is
/// resumed a second time.
func resumeTwice() {
    let loader = AnswerLoader()
    let answered = DispatchGroup()
    answered.enter()
    Task.detached {
        print("fetchAnswer returned \(await fetchAnswer(from: loader))")
        answered.leave()
    }
    answered.wait()
    print("the loader retries, and calls back again")
    loader.retry()
    print("not reached: the second resume traps")
}

/// Child "never-resumed": the task awaits a continuation nobody resumes; the child stops waiting for it
/// after a second of real time.
func neverResumed() {
    let returned = DispatchGroup()
    returned.enter()
    Task.detached {
        print("fetchGreeting returned \(await fetchGreeting())")
        returned.leave()
    }
    if returned.wait(timeout: .now() + 1) == .timedOut {
        print("a second later, the task is still suspended: nothing will ever resume it")
    }
}
