import Dispatch
import Foundation

/// Lesson time. Every delay a lesson asks for is in lesson seconds; at speed N it takes 1/N of that in
/// real time, and every time printed is converted back to lesson seconds, so a transcript reads the
/// same at any speed.
public final class LessonClock: @unchecked Sendable {
    public static let shared = LessonClock()

    private struct State {
        var speed = 1.0
        var start = DispatchTime.now()
    }
    // Every thread of a demo reads the clock (`say`, `sleep`, `randomDelay`): its lock must not order
    // them for ThreadSanitizer (see `Unobserved`).
    private let state = Unobserved(State())

    public var speed: Double { state.current.speed }

    /// Lesson seconds since the current page started.
    public var now: Double {
        let state = self.state.current
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - state.start.uptimeNanoseconds)
        return elapsed / 1e9 * state.speed
    }

    func setSpeed(_ speed: Double) { state.withLock { $0.speed = speed } }
    /// Starts lesson time again from zero, as a new page does (or a page that runs its demo twice).
    public func restart() { state.withLock { $0.start = .now() } }

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
