import Dispatch
import Foundation
import RaceLabKit

/// Where the two drawings of one refresh of the paired round wait for each other at the end of
/// `Thumbnail.render`, so that both return at the same moment when they are drawn side by side, and
/// what the view model does right after a drawing (count it done, store its thumbnail) runs on two
/// threads at once: a count and a store in two critical sections then leave a thumbnail out (adversarial
/// round 9, `count-then-store`: 4 of 4 runs passed while drawings ended apart). Its words are relaxed:
/// the meeting adds no ordering between the two threads for ThreadSanitizer (what the drawings already
/// share, the driver's hooks read under a lock, orders only what each thread did before it drew).
final class PairMeeting: Sendable {
    /// How long a drawing waits for the other, in nanoseconds of real time (10 ms): a view model that
    /// draws one thumbnail after the other waits this once a refresh; two drawn side by side meet
    /// within microseconds.
    static let patience: UInt64 = 10_000_000
    /// For the first millisecond the wait spins without letting the core go, so that the two threads
    /// go on within a few hundred nanoseconds of each other; then it yields, so that a partner waiting
    /// for the same core can run (one core: `taskset -c 0`).
    static let spinning: UInt64 = 1_000_000
    private let arrived = RelaxedWord()
    /// 1 once both drawings were there together.
    let met = RelaxedWord()

    func meet() {
        // From the first arrival on, the global jobs the main thread sends go last first, a window's worth:
        // a drawing that counts itself done in one hop to the main actor and stores its thumbnail in a
        // second goes back to the global executor between the two, so the one that counted last stores and
        // shows first (issue 53's fifteenth round: such a count and store passed, the hops in order).
        // Any order of those jobs is one the global executor may choose.
        if arrived.value == 0 { GlobalJobStagger.hold(.reversed, spacing: 0.002, windows: 1, fromMainOnly: true) }
        let before = arrived.add(1)
        let since = DispatchTime.now().uptimeNanoseconds
        while arrived.value < 2 {
            let waited = DispatchTime.now().uptimeNanoseconds - since
            if waited > Self.patience { return }
            if waited > Self.spinning { sched_yield() }
        }
        if before == 1 { met.value = 1 }
    }
}

extension FeedExercise {
    /// How many refreshes the paired round plays: a count and a store apart lose a thumbnail in a few
    /// of a hundred pairs that meet (docs/referee/exercise15.md), so a hundred leave it unseen in few runs.
    static let pairedCount = 100

    /// `pairedCount` refreshes of two cheap items each, answered at once, on each kind of queue in a
    /// seeded order; their drawings meet before they return (`PairMeeting`).
    static func pairedRefreshes(_ scenario: inout Scenario) -> [Refresh] {
        let queues = (0..<pairedCount).map { _ in scenario.pick(CallbackQueue.allCases) }
        return queues.enumerated().map { index, queue in
            let items = (1...2).map { story in
                FeedItem(id: "pair\(index + 1)-story\(story)-\(scenario.int(in: 100...999))", renderCost: 0.01)
            }
            var refresh = Refresh(items: items, latency: 0.01, queue: queue)
            refresh.paired = true
            return refresh
        }
    }
}
