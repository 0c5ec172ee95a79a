// Page 2: a nonisolated async helper, which Swift 6.2 runs on its caller's actor (SE-0461), and the
// same helper marked `@concurrent`, which runs on the global concurrent executor as every nonisolated
// async function did in Swift 6.0.
import Foundation
import RaceLabKit

/// The stand-in for CPU-heavy work (filtering an image, parsing a large file): it keeps its thread
/// busy, computing, for `seconds` lesson seconds, and never suspends. Returns what it computed, and
/// whether it ran on the main queue, the main actor's (on Linux a lesson's main queue runs on Dispatch's
/// worker threads, not the main thread: RaceLabKit's `isOnMainQueue`).
nonisolated func computeHard(for seconds: Double) -> (Int, onMainQueue: Bool) {
    let end = LessonClock.shared.now + seconds
    var checksum = 0
    while LessonClock.shared.now < end {
        for value in 0..<1_000 { checksum = (checksum &* 31 &+ value) & 0xFFFF }
    }
    return (checksum, isOnMainQueue)
}

/// A nonisolated async helper, as a Swift 6.0 codebase wrote one to move work off the main actor. In
/// this module it is `nonisolated(nonsending)`: it runs wherever its caller runs.
nonisolated func checksum(for seconds: Double) async -> (Int, onMainQueue: Bool) {
    computeHard(for: seconds)
}

/// The same, `@concurrent`: it leaves its caller's actor for the global concurrent executor.
@concurrent nonisolated func checksumOffTheMainActor(for seconds: Double) async -> (Int, onMainQueue: Bool) {
    computeHard(for: seconds)
}

/// Calls `helper` from the main actor while the screen stand-in ticks; says whether the helper ran on
/// the main queue, and returns the longest the screen stood still.
func framesWhile(_ helper: @escaping () async -> (Int, onMainQueue: Bool)) async -> Double {
    let frames = Frames(every: 0.05)
    try? await Task.sleep(lessonSeconds: 0.2)  // a few frames before
    let (_, onMainQueue) = await helper()
    try? await Task.sleep(lessonSeconds: 0.2)  // and after
    frames.stop()
    say(
        "  it ran \(onMainQueue ? "on the main queue: the main actor's" : "off the main queue: on the cooperative pool")"
    )
    return frames.longestGap
}
