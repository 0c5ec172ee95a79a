import Foundation
import RaceLabKit

extension GalleryExercise {
    /// The second gallery, beside the first, with a controller of its own: six rows, opened scrolled to
    /// row 1 (row 0 never shows: rows are not shown in order from 0), five on screen at once (more
    /// than any window of the first). Side row 5 gets its image early, leaves (not before the image
    /// has come: `GalleryExercise.makeLesson` holds it up to `imageWait`), comes back (it needs a
    /// new provider, whatever its cell showed before) and leaves again 0.5 s later with its new image
    /// on the way. The gallery closes 14 s or more after it opened (1.75 s of real time at 8x), rows
    /// 1-4 still loading: a controller that lets a provider that has run "long enough" finish, or that
    /// thinks a provider older than one that delivered is done, does not stop them. Every image lands
    /// at least 1 s before or after its row leaves.
    struct Side {
        let titles: [String]
        let windows: [Range<Int>]
        let times: [Double]
        let latencies: [Double]
        var files: [String] { titles.map { "side_" + Plan.file($0) } }

        init(_ scenario: inout Scenario, titles: [String], closing: Double) {
            self.titles = titles
            let leaves = scenario.seconds(in: 3...4, step: 0.5)
            let back = leaves + scenario.seconds(in: 1.5...2.5, step: 0.5)
            windows = [1..<6, 1..<5, 1..<6, 1..<5, 0..<0]
            times = [0, leaves, back, back + 0.5, closing]
            // Rows 1-4 land 1 to 2 s after the gallery closes; row 5, 1.5 to 2 s after it appears (at
            // least 1 s before it first leaves, and 1 s after it leaves again).
            latencies =
                [1] + (1...4).map { _ in scenario.seconds(in: closing...closing + 1, step: 0.5) }
                + [scenario.seconds(in: 0.5...1, step: 0.5)]
        }

        /// How long (lesson s) side row 5 waits past its moment to leave for its image to come.
        static let imageWait = 4.0

        /// When the last image would land if nobody stopped it.
        var lastLanding: Double {
            max(latencies[1...4].max()!, times[2] + Self.imageWait + latencies[5]) + GalleryExercise.filters
        }

        func describe() {
            note(
                "Beside it, a second gallery with a controller of its own opens at side rows 1-5; side row 5 leaves at"
                    + " \(seconds(times[1])) (later if its image has not come),")
            note(
                "comes back \(seconds(times[2] - times[1])) after it left and leaves again \(seconds(times[3] - times[2]))"
                    + " later; the gallery closes at \(seconds(times[4])).")
        }
    }
}
