import Foundation

/// For pages that hang on purpose (a deadlock, an operation that never finishes): wait a bounded
/// time, say what is still stuck, and let the page move on instead of spinning forever.
public enum Watchdog {
    /// Waits up to `limit` lesson seconds for `group` to empty. Returns true if it did; otherwise
    /// prints "watchdog: <what> still not finished after N s" and returns false.
    /// Where a driver's calls returned in its last tenth (`moved`), it says so: slow, not stuck.
    @discardableResult
    public static func wait(for group: DispatchGroup, upTo limit: Double, _ what: String) -> Bool {
        let stretch = limit / 10
        if group.wait(timeout: LessonClock.shared.deadline(after: limit - stretch)) == .success { return true }
        let before = progress.value
        if group.wait(timeout: LessonClock.shared.deadline(after: stretch)) == .success { return true }
        let moved = progress.value - before
        say(moved > 0 ? line(what, limit, moved: (moved, stretch)) : line(what, limit))
        return false
    }

    /// Calls a driver has seen return (`moved`): a watchdog that gives up while they go on says so.
    static let progress = RelaxedWord()

    /// A driver's word that one of the attendee's calls returned.
    public static func moved() { progress.add(1) }

    /// What a watchdog says when it gives up; the runner reads it back to call an exercise's run a hang,
    /// or, where calls still returned in its last `moved.stretch` lesson seconds, too slow.
    public static let marker = watchdogMarker
    public static func line(_ what: String, _ limit: Double, moved: (calls: UInt64, stretch: Double)? = nil) -> String {
        "\(marker)\(what) still not finished after \(seconds(limit))"
            + (moved.map { ", \(StillMoving.words) (\($0.calls) in its last \(seconds($0.stretch))); it is slow" }
                ?? "; it would wait forever")
    }

    /// Runs `work` on a thread of its own and waits for it as `wait(for:upTo:_:)` does. Work that
    /// never ends keeps that thread; the page goes on without it. Not a Dispatch worker: a worker
    /// blocked for good would leave the global pool one thread short, and the next page's work would
    /// wait for the pool to grow (about a thread a second on Linux).
    @discardableResult
    public static func run(upTo limit: Double, _ what: String, _ work: @escaping @Sendable () -> Void) -> Bool {
        wait(for: onThreadOfItsOwn("RaceLab watchdog: \(what)", work), upTo: limit, what)
    }

    /// Starts `work` on a thread named `name`; the group empties when it returns.
    static func onThreadOfItsOwn(_ name: String, _ work: @escaping @Sendable () -> Void) -> DispatchGroup {
        let group = DispatchGroup()
        group.enter()
        let thread = Thread {
            work()
            group.leave()
        }
        thread.name = name
        thread.start()
        return group
    }

    /// Runs async `work` in a task of its own and waits for it on the calling thread (a page's own,
    /// `Page.finish`: never a thread of the cooperative pool, which the wait would block), as
    /// `wait(for:upTo:_:)` does.
    @discardableResult
    public static func run(upTo limit: Double, _ what: String, async work: @escaping @Sendable () async -> Void) -> Bool
    {
        let group = DispatchGroup()
        group.enter()
        Task.detached {
            await work()
            group.leave()
        }
        return wait(for: group, upTo: limit, what)
    }
}
