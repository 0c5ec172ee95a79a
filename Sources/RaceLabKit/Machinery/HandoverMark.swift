import Foundation

/// A driver's mark of a value handed to the attendee's code on one thread, looked at where their code
/// hands it on, on another: both are plain accesses, which ThreadSanitizer watches, so it reports a
/// race on the mark when nothing of their code ordered the two. A lock, a serial queue, a group or an
/// actor does; a count kept with a relaxed atomic does not, and values kept where ThreadSanitizer does
/// not look (an unsafe buffer that only the standard library reads) race on it unseen. The runner reads a
/// race on this type as a hand-over (`RunnerContract`'s `HandoverMarkName`), in the attendee's terms.
/// @unchecked Sendable: `given` is written once and read after; ordered or not is what ThreadSanitizer judges.
public final class HandoverMark: @unchecked Sendable {
    private var given = false

    /// Whether marks are looked at in this run: not where the runner said the attendee's code awaits
    /// (`HandoverMarkName.unjudged`).
    public static let judged = ProcessInfo.processInfo.environment[HandoverMarkName.unjudged] == nil

    public init() {}

    /// On the thread that hands the value over, just before the attendee's code gets it.
    public func give() { given = true }

    /// On the thread where their code passed the value on: looks at the mark, where marks are judged
    /// (the look is what counts: ThreadSanitizer judges whether it was ordered after `give`).
    /// Returns what it saw (true where not judged), so the read is made and kept.
    @discardableResult
    public func look() -> Bool {
        guard Self.judged else { return true }
        return given
    }
}
