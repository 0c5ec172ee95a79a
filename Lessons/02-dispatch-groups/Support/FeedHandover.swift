import RaceLabKit

extension Array where Element == FeedItem {
    /// Looks at every item's hand-over mark, on the thread that called `completion` with their texts:
    /// ThreadSanitizer reports a race on a mark whose callback the loader did not order before it (a
    /// count kept with a relaxed atomic, texts kept in an unsafe buffer: adversarial round 4).
    func lookAtHandovers() { forEach { $0.handover.look() } }
}
