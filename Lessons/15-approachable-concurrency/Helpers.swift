// Page 2: a nonisolated async helper, which Swift 6.2 runs on its caller's actor (SE-0461), and the
// same helper marked `@concurrent`, which runs on the global concurrent executor as every nonisolated
// async function did in Swift 6.0.
import Foundation
import RaceLabKit

/// A nonisolated async helper, as a Swift 6.0 codebase wrote one to move heavy work off the main
/// actor (RaceLabKit's `compute(lessonSeconds:)`, which keeps its thread busy and never suspends). In
/// this module it is `nonisolated(nonsending)`: it runs wherever its caller runs. Returns whether it
/// ran on the main queue, the main actor's (on Linux a lesson's main queue runs on Dispatch's worker
/// threads, not the main thread: RaceLabKit's `isOnMainQueue`).
nonisolated func heavyWork(for seconds: Double) async -> Bool {
    compute(lessonSeconds: seconds)
    return isOnMainQueue
}

/// The same, `@concurrent`: it leaves its caller's actor for the global concurrent executor.
@concurrent nonisolated func heavyWorkOffTheMainActor(for seconds: Double) async -> Bool {
    compute(lessonSeconds: seconds)
    return isOnMainQueue
}

/// Calls `helper` from the main actor while the screen stand-in ticks; says whether the helper ran on
/// the main queue, and returns the longest the screen stood still.
func framesWhile(_ helper: @escaping () async -> Bool) async -> Double {
    let frames = Frames(every: 0.05)
    try? await Task.sleep(lessonSeconds: 0.2)  // a few frames before
    let onMainQueue = await helper()
    try? await Task.sleep(lessonSeconds: 0.2)  // and after
    frames.stop()
    say(
        "  it ran \(onMainQueue ? "on the main queue: the main actor's" : "off the main queue: on the cooperative pool")"
    )
    return frames.longestGap
}
