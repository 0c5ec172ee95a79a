import Dispatch
import Foundation

/// One page of a lesson, like one page of the original playgrounds. Its body runs on the main queue
/// (the main actor); the page ends when it calls `done()`, from any thread.
public final class Page: Sendable {
    public let number: Int
    public let title: String
    /// The draws of this page's scenario (an exercise's; `Lesson(seeded:)`): copy it into a `var`.
    public let scenario: Scenario
    /// `--schedule S [--step]`: the schedule a page that explores them replays instead.
    public let replay: Replay?
    private let ended = Locked(false)
    /// An explorer table's "share" has been explained on this page (it is, once, under the first).
    let shareExplained = Locked(false)
    /// With `--schedule`: whether an exploration of the page replayed it, and why each that tried could
    /// not. A page may explore more than one program (lesson 14 page 5); the schedule is the first's
    /// that can play it, and only when none can does the page say why (`done`).
    let replayTried = Locked<(shown: Bool, misses: [String])>((false, []))
    private let onEnd: @MainActor @Sendable () -> Void

    public struct Replay: Sendable {
        public let schedule: String
        /// One step per Enter.
        public let stepping: Bool
    }

    init(
        number: Int, title: String, scenario: Scenario, replay: Replay? = nil,
        onEnd: @escaping @MainActor @Sendable () -> Void
    ) {
        self.replay = replay
        self.number = number
        self.title = title
        self.scenario = scenario
        self.onEnd = onEnd
    }

    /// Runs `work` on a thread of the page's own (not the main queue, which must stay free, and not a
    /// Dispatch worker, which the work may block), then ends the page. `work` is `@Sendable`: it runs
    /// off the main actor, so in Swift 6 mode the compiler refuses main-actor state in it.
    public func finish(onThreadOfItsOwn work: @escaping @Sendable () -> Void) {
        Thread.detachNewThread {
            work()
            self.done()
        }
    }

    /// Ends the page; the next one starts on the main queue. Calling it twice is harmless.
    public func done() {
        let first = ended.withLock { ended -> Bool in
            defer { ended = true }
            return !ended
        }
        guard first else { return }
        let (shown, misses) = replayTried.current
        if replay != nil && !shown { misses.forEach(note) }
        DispatchQueue.main.async(execute: onEnd)
    }

    var isEnded: Bool { ended.current }
}
