import Dispatch
import RaceLabKit

extension FeedExercise {
    /// A second refresh, asked for on the main queue a moment after a refresh, before the service has
    /// answered the first (a pull to refresh, twice). Each refresh calls `done` once: a view model that
    /// drops a refresh another has overtaken, without its `done`, leaves its caller waiting (adversarial
    /// round 9). The second answer has the same items, so that the two may come in either order, or
    /// other items (`newer`), so that the screen must end on the newer answer and never go back to the
    /// older one: an older refresh that shows its answer, or only its thumbnails, after the newer
    /// one's leaves the screen stale or its thumbnails another answer's (adversarial round 11).
    final class AskedAgain: @unchecked Sendable {  // its state is Locked, or a DispatchGroup
        private let calls = Locked<[Bool]>([])  // for each call of the second done: on the main queue?
        private let shown = Locked<(items: [FeedItem], thumbnails: [String: Thumbnail])?>(nil)
        private let done = DispatchGroup()
        private let model = Locked<FeedScreenModel?>(nil)
        /// When the second refresh is asked for, after the first (lesson s), and how long after that
        /// the service answers it.
        let after: Double
        let latency: Double
        /// The second answer's items, where they are not the first's.
        let newer: [FeedItem]?

        init(after: Double, latency: Double, newer: [FeedItem]? = nil) {
            (self.after, self.latency, self.newer) = (after, latency, newer)
            done.enter()
        }

        /// How many times the second refresh has called `done` since `judge` looked, where it found one
        /// call (more, it said so then).
        var callsSinceJudged: Int { judgedOnce.current ? calls.current.count : 0 }
        private let judgedOnce = Locked(false)

        /// Asks `model` to refresh again, `after` lesson seconds from now; on the main queue only.
        func ask(_ model: FeedScreenModel) {
            self.model.withLock { $0 = model }
            DispatchQueue.main.asyncAfter(lessonSeconds: after) {
                model.refresh {
                    let first = self.calls.withLock { calls -> Bool in
                        calls.append(isOnMainQueue)
                        return calls.count == 1
                    }
                    guard first else { return }
                    if isOnMainQueue { self.shown.withLock { $0 = (model.items, model.thumbnails) } }
                    self.done.leave()
                }
            }
        }

        /// What is wrong with the second refresh, the first's items being `items`, once its `done` came
        /// (or its latency, the drawing and 10 lesson seconds more passed), and a moment more for a
        /// second `done`; and with the screen then, when both refreshes are done.
        func judge(_ items: [FeedItem]) -> [FaultLine] {
            let answer = newer ?? items
            let limit = after + latency + (items + answer).map(\.renderCost).reduce(0, +) + 10
            guard Watchdog.wait(for: done, upTo: limit, "the second refresh's done") else {
                return [
                    FaultLine(
                        "asked for again before its `done`, the second refresh never called `done`",
                        hint: "call done once a refresh, every refresh: one asked for while another is under way too")
                ]
            }
            sleep(lessonSeconds: 0.2)
            let (onMain, count) = (calls.current.first == true, calls.current.count)
            judgedOnce.withLock { $0 = onMain && count == 1 }
            guard onMain, count == 1 else {
                return [
                    FaultLine(
                        onMain
                            ? "asked for again before its `done`, the second refresh called `done` \(count) times"
                            : "asked for again before its `done`, the second refresh called `done` off the main actor",
                        hint: onMain ? "call done once a refresh, once both are shown" : "call done on the main actor")
                ]
            }
            let (shownItems, thumbnails) = shown.current ?? ([], [:])
            if let wrong = Self.wrongScreen(shownItems, thumbnails, answer: answer) {
                // Of other items: the older answer, or its thumbnails, shown over the newer one's.
                return [
                    newer != nil && shownItems == items
                        ? FaultLine(
                            "the newer of two refreshes called done with the older one's `items` shown "
                                + "\(items): the older showed its answer after the newer one's",
                            hint: "never show an older refresh's answer over a newer one's")
                        : FaultLine(
                            "asked for again before its `done`, the second refresh called `done` with " + wrong,
                            hint: newer != nil
                                ? "never show an older refresh's answer over a newer one's"
                                : "call done once every thumbnail is drawn and shown, not before")
                ]
            }
            guard newer != nil, let model = model.current else { return [] }
            // Both are done: the screen shows the newer answer, whichever came last.
            let (endItems, endThumbnails) = DispatchQueue.main.sync { (model.items, model.thumbnails) }
            if let wrong = Self.wrongScreen(endItems, endThumbnails, answer: answer) {
                return [
                    FaultLine(
                        "once both refreshes were done, the screen did not show the newer refresh's answer whole ("
                            + wrong + "): did the older refresh show its items or thumbnails after the newer one's?",
                        hint: "never show an older refresh's answer over a newer one's")
                ]
            }
            return []
        }

        /// What is wrong with a screen that should show `answer` with its thumbnails and no others.
        static func wrongScreen(_ items: [FeedItem], _ thumbnails: [String: Thumbnail], answer: [FeedItem]) -> String? {
            guard items == answer else { return "`items` \(items)" }
            let missing = missingThumbnails(of: answer, in: thumbnails)
            if !missing.isEmpty { return "`thumbnails` missing \(missing.count) of \(answer.count) or wrong" }
            let others = Set(thumbnails.keys).subtracting(answer.map(\.id))
            if let other = others.sorted().first { return "`thumbnails` holding an item not shown (\(other))" }
            return nil
        }
    }
}
