import Dispatch
import RaceLabKit

extension FeedExercise {
    /// A second refresh, asked for on the main queue a moment after a refresh, before the service has
    /// answered the first (a pull to refresh, twice): the service answers it with the same items, long
    /// after the first's `done` should have come. Each refresh calls `done` once: a view model that
    /// drops a refresh another has overtaken, without its `done`, leaves its caller waiting (adversarial
    /// round 9). One with the same items, so that the two answers may come in either order.
    final class AskedAgain: @unchecked Sendable {  // its state is Locked, or a DispatchGroup
        private let calls = Locked<[Bool]>([])  // for each call of the second done: on the main queue?
        private let shown = Locked<(items: [FeedItem], thumbnails: [String: Thumbnail])?>(nil)
        private let done = DispatchGroup()
        /// When the second refresh is asked for, after the first (lesson s), and how long after that
        /// the service answers it.
        let after: Double
        let latency: Double

        init(after: Double, latency: Double) {
            (self.after, self.latency) = (after, latency)
            done.enter()
        }

        /// Asks `model` to refresh again, `after` lesson seconds from now; on the main queue only.
        func ask(_ model: FeedScreenModel) {
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

        /// What is wrong with the second refresh of `items`, once its `done` came (or its latency, the
        /// drawing and 10 lesson seconds more passed), and a moment more for a second `done`.
        func judge(_ items: [FeedItem]) -> [FaultLine] {
            let limit = after + latency + items.map(\.renderCost).reduce(0, +) + 10
            guard Watchdog.wait(for: done, upTo: limit, "the second refresh's done") else {
                return [
                    FaultLine(
                        "asked for again before its `done`, the second refresh never called `done`",
                        hint: "call done once a refresh, every refresh: one asked for while another is under way too")
                ]
            }
            sleep(lessonSeconds: 0.2)
            let (onMain, count) = (calls.current.first == true, calls.current.count)
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
            let missing = missingThumbnails(of: items, in: thumbnails)
            guard shownItems == items, missing.isEmpty else {
                return [
                    FaultLine(
                        "asked for again before its `done`, the second refresh called `done` with "
                            + (shownItems == items ? "\(missing.count) thumbnail(s) missing" : "`items` \(shownItems)"),
                        hint: "call done once every thumbnail is drawn and shown, not before")
                ]
            }
            return []
        }
    }
}
