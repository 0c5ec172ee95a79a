// The demos that crash or hang on purpose. The crashing ones run in a child process (ChildProcess);
// the hanging ones on threads of their own under a watchdog, so the page always ends.
import Foundation
import RaceLabKit

/// A counter confined to its queue: `incrementOnQueue()` must only ever run there, and says so with
/// a dispatch precondition ("a dispatch precondition that you're on that queue", WWDC 2016).
/// @unchecked Sendable: `count` is touched only on `queue` (dispatchPrecondition checks it).
final class ConfinedCounter: @unchecked Sendable {
    let queue = DispatchQueue(label: "racelab.confined-counter")
    private var count = 0

    func incrementOnQueue() {
        dispatchPrecondition(condition: .onQueue(queue))
        count += 1
    }

    /// Waits on the queue: must never be called from it ("a precondition that you're not in the queue").
    var value: Int {
        dispatchPrecondition(condition: .notOnQueue(queue))
        return queue.sync { count }
    }
}

/// A subsystem with its own serial queue, as in the talk: `work(askingFor:)` runs on its queue and, in
/// the middle, synchronously asks another subsystem for something.
/// @unchecked Sendable: only `let`s (a name and a serial queue): nothing to race on.
final class Subsystem: @unchecked Sendable {
    let name: String
    let queue: DispatchQueue
    init(_ name: String) {
        self.name = name
        queue = DispatchQueue(label: "racelab.\(name)")
    }

    /// From a thread of the caller's own: holds this subsystem's queue (sync runs the block right
    /// here), works a moment, then syncs into `other`.
    func work(askingFor other: Subsystem) {
        queue.sync {
            say("\(name) holds its queue and works")
            sleep(lessonSeconds: 0.5)
            say("\(name) now waits in \(other.name).queue.sync for \(other.name)'s queue")
            other.queue.sync { say("\(name) got into \(other.name)'s queue") }
        }
    }
}
