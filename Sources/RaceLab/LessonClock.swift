import Dispatch
import Foundation

/// Lesson time. Every delay a lesson asks for is in lesson seconds; at speed N it takes 1/N of that in
/// real time, and every time printed is converted back to lesson seconds, so a transcript reads the
/// same at any speed.
public final class LessonClock: @unchecked Sendable {
    public static let shared = LessonClock()

    // Every thread of a demo reads the clock (`say`, `sleep`, `randomDelay`), so it holds its state in
    // relaxed atomic words, not behind a lock: a lock would order those threads for ThreadSanitizer
    // (see `RelaxedWord`).
    private let speedBits = RelaxedWord(1.0.bitPattern)
    private let start = RelaxedWord(DispatchTime.now().uptimeNanoseconds)

    public var speed: Double { Double(bitPattern: speedBits.value) }

    /// Lesson seconds since the current page started.
    public var now: Double {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- start.value)
        return elapsed / 1e9 * speed
    }

    func setSpeed(_ speed: Double) { speedBits.value = speed.bitPattern }
    /// Starts lesson time again from zero, as a new page does (or a page that runs its demo twice).
    public func restart() { start.value = DispatchTime.now().uptimeNanoseconds }

    /// The real-time interval that lasts `lessonSeconds` at the current speed.
    public func realSeconds(_ lessonSeconds: Double) -> Double { lessonSeconds / speed }

    /// The dispatch time `lessonSeconds` from now.
    public func deadline(after lessonSeconds: Double) -> DispatchTime {
        .now() + realSeconds(lessonSeconds)
    }
}

/// Blocks the calling thread for `seconds` lesson seconds: the stand-in for slow work.
public func sleep(lessonSeconds seconds: Double) {
    Thread.sleep(forTimeInterval: LessonClock.shared.realSeconds(seconds))
}

/// Blocks for a random time up to `seconds` lesson seconds, as the classic demos do to shake up timing.
public func randomDelay(upTo seconds: Double) {
    sleep(lessonSeconds: Double.random(in: 0...seconds))
}

extension DispatchQueue {
    /// `asyncAfter` in lesson seconds.
    public func asyncAfter(lessonSeconds: Double, execute work: @escaping @Sendable () -> Void) {
        asyncAfter(deadline: LessonClock.shared.deadline(after: lessonSeconds), execute: work)
    }
}

/// Runs `work` after `lessonSeconds` on a thread of its own: for a cancel or a tap that must come
/// on time even while slow work blocks Dispatch's worker threads (on Linux the pool grows only
/// about once a second, so an `asyncAfter` on a global queue can fire late).
public func onOwnThread(after lessonSeconds: Double, _ work: @escaping @Sendable () -> Void) {
    Thread.detachNewThread {
        sleep(lessonSeconds: lessonSeconds)
        work()
    }
}
