import Dispatch

/// For pages that hang on purpose (a deadlock, an operation that never finishes): wait a bounded
/// time, say what is still stuck, and let the page move on instead of spinning forever.
public enum Watchdog {
    /// Waits up to `limit` lesson seconds for `group` to empty. Returns true if it did; otherwise
    /// prints "watchdog: <what> still not finished after N s" and returns false.
    @discardableResult
    public static func wait(for group: DispatchGroup, upTo limit: Double, _ what: String) -> Bool {
        if group.wait(timeout: LessonClock.shared.deadline(after: limit)) == .success { return true }
        say("watchdog: \(what) still not finished after \(seconds(limit)); it would wait forever")
        return false
    }

    /// Runs `work` on a background thread and waits for it as `wait(for:upTo:_:)` does. Work that
    /// never ends keeps its thread; the page goes on without it.
    @discardableResult
    public static func run(upTo limit: Double, _ what: String, _ work: @escaping @Sendable () -> Void) -> Bool {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group, execute: work)
        return wait(for: group, upTo: limit, what)
    }
}
