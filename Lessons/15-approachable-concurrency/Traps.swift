// Page 5: the migration's run-time traps (SE-0423). A closure made in main-actor code and handed to a
// module not yet migrated is taken to be the main actor's: Swift 6 checks that at run time, when it is
// called, and stops the program if it is called anywhere else. Each trap runs in a child process.
import Dispatch
import Foundation
import Lesson15Support
import RaceLabKit

/// A view model, the main actor's by this module's default.
final class ViewModel {
    var value = 0
    let loaded = DispatchGroup()

    /// As a Swift 6.0 app wrote it: the completion sets state directly. It is a closure made on the main
    /// actor, so Swift takes it to be isolated there, and checks.
    func refresh(from loader: LegacyLoader) {
        loaded.enter()
        loader.load(after: 0.2) { value in
            self.value = value
            self.loaded.leave()
        }
    }

    /// Fix 1: a `@Sendable` completion is not isolated (it may run anywhere); it hops to the main actor
    /// with a task of its own.
    func refreshHopping(from loader: LegacyLoader) {
        loaded.enter()
        loader.load(after: 0.2) { @Sendable value in
            Task { @MainActor in
                self.value = value
                self.loaded.leave()
            }
        }
    }

    /// Fix 2, where it is true: a loader told to call back on the main queue. The `@Sendable` completion
    /// says so with `MainActor.assumeIsolated`, which checks it, and touches the state synchronously.
    func refreshAssumingTheMainQueue(from loader: LegacyLoader) {
        loaded.enter()
        loader.load(after: 0.2) { @Sendable value in
            MainActor.assumeIsolated {
                self.value = value
                self.loaded.leave()
            }
        }
    }
}

/// Child "callback-off-main": the legacy loader calls the view model's completion on its own queue.
/// (A child's demo runs on the main thread and may block it: nothing else runs there.)
func callbackOffTheMainActor() {
    let model = ViewModel()
    model.refresh(from: LegacyLoader())
    print("refresh asked the loader; its completion comes back on the loader's queue")
    _ = model.loaded.wait(timeout: LessonClock.shared.deadline(after: 2))
    print("the completion ran off the main actor and set the value to \(model.value)")
}

/// Child "assumed-isolated": a callback that is off the main actor says it is on it.
func assumedIsolatedOffTheMainActor() {
    let model = ViewModel()
    let done = DispatchGroup()
    done.enter()
    DispatchQueue.global().async { @Sendable in
        print("on a global queue, MainActor.assumeIsolated { … }")
        MainActor.assumeIsolated { model.value = 1 }
        print("not reached: the assumption traps")
        done.leave()
    }
    _ = done.wait(timeout: LessonClock.shared.deadline(after: 2))
}
