// Exercise 15's screen stand-in: it draws the view model on the main queue, frame after frame, as a
// screen does, and remembers how long it ever waited for the main queue.
import Dispatch
import RaceLabKit

/// Draws `model` every 0.05 lesson seconds on the main queue (reads its items and thumbnails, as a
/// screen's cells would) and keeps the longest gap between two frames, and the refresh it fell in.
/// Made, read and stopped on the main queue only.
final class FeedScreen {
    private let ticker = DispatchSource.makeTimerSource(queue: .main)
    private var last: Double?
    private(set) var longestGap = 0.0
    private(set) var longestGapRefresh = 0
    /// The refresh under way (1, 2, …), set by the driver on the main queue.
    var refresh = 0
    private(set) var drawn = 0

    init(drawing model: FeedScreenModel) {
        ticker.schedule(deadline: .now(), repeating: LessonClock.shared.realSeconds(0.05))
        ticker.setEventHandler { [unowned self] in
            drawn += model.items.count + model.thumbnails.count
            let now = LessonClock.shared.now
            if let last, now - last > longestGap {
                longestGap = now - last
                longestGapRefresh = refresh
            }
            last = now
        }
        ticker.resume()
    }

    deinit { ticker.cancel() }

    func stop() { ticker.cancel() }
}
