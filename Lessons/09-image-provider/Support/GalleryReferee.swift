import Foundation
import RaceLabKit

extension GalleryExercise {
    /// Judges the controller where each clause of the task shows, and tells what it found.
    final class Referee {
        /// The first gallery's table, then the second's.
        let tables: [TableView]
        let plan: Plan
        private var stopped = Set<String>()  // rows that left with their image on the way, their providers cancelled
        /// Rows that left after their provider had sent the image on to the main queue.
        private var sentOn = Set<String>()
        private var sideRowLeft = false  // side row 5 has left once; main queue only
        private let faults = Faults()
        private var firstFault: FaultLine?  // said again at the end, where the verdict quotes it
        private var firstFirmFault: FaultLine?

        init(tables: [TableView], plan: Plan) {
            self.tables = tables
            self.plan = plan
        }

        func afterScroll(in table: TableView, leaving: [Int]) {
            dispatchPrecondition(condition: .onQueue(.main))
            for row in leaving {
                let running = (table.providers[row] ?? []).filter { $0.delivered.value == 0 }
                if table === tables[1] && row == 5 && !sideRowLeft {
                    sideRowLeft = true
                    // It leaves only once its image is in (`GalleryExercise.makeLesson`), up to
                    // `Side.imageWait` late, so that its cell shows an image when it comes back and leaves
                    // again. Without that image this run could not judge a controller that thinks a cell
                    // with an image has a provider that is done.
                    if !running.isEmpty {
                        fault(
                            "side row 5 left at \(seconds(LessonClock.shared.now)) before its image came, though it"
                                + " waited \(seconds(Side.imageWait)) for it",
                            hint:
                                "the image its cell should show as it comes back never came: start each provider as its row appears",
                            late:
                                "side row 5's image had not come \(seconds(Side.imageWait)) after it was due to leave:"
                                + " this run could not judge a cell with an old image")
                    }
                }
                if running.isEmpty {
                    // Sent on already: the image may still be on the main queue behind this scroll, where
                    // only a busy machine keeps it (the plan lands images 1 s or more before a row leaves).
                    if table.providers[row]?.isEmpty == false { sentOn.insert(table.label(row)) }
                    continue
                }
                if running.allSatisfy({ $0.cancelledOnMain.value == 1 }) {
                    stopped.insert(table.label(row))
                } else if running.allSatisfy({ $0.cancelled.value == 1 }) {
                    // Sent elsewhere, it may or may not have run by now: the verdict must not depend on that.
                    fault(
                        "\(table.label(row)) left, and its provider was cancelled from another queue, not in `didEndDisplaying`",
                        hint: "stop it there, on the main queue, where the table tells you the row left")
                } else {
                    fault(
                        "\(table.label(row)) left with its image on the way, but `didEndDisplaying` did not cancel its provider",
                        hint: "cancel it when the row leaves: its download and filters go on for a cell nobody sees")
                }
            }
            for row in table.visible where !table.shownSinceAppearing.contains(row) {
                // Made as it last appeared: a row that comes back needs a new one, whatever its cell showed.
                guard let latest = table.providers[row]?.last, table.appearedWithProvider.contains(row) else {
                    fault(
                        "\(table.label(row)) is on screen, but `willDisplay` started no provider for it as it appeared",
                        hint: "start one each time a row appears")
                    continue
                }
                if latest.cancelled.value == 1 {
                    fault(
                        "\(table.label(row)) is on screen, but its provider was cancelled (`cancel`): its image will never come",
                        hint: "cancel only the provider of the row that left")
                }
            }
        }

        /// Whether a row on screen has a provider at work (neither cancelled nor delivered).
        var anyOnScreenLoading: Bool {
            tables.contains { table in
                table.visible.contains { row in
                    table.providers[row]?.last.map { $0.cancelled.value == 0 && $0.delivered.value == 0 } ?? false
                }
            }
        }

        func atTheEnd() {
            dispatchPrecondition(condition: .onQueue(.main))
            for table in tables { atTheEnd(of: table) }
            faults.sayTimingIfOnlyLate()
            guard faults.count == 0 else {
                let first = firstFirmFault ?? firstFault
                FaultLine(
                    "The gallery is not right yet. First: \(first?.seen ?? "?")", hint: first?.hint ?? "see above"
                )
                .note()
                return
            }
            note(
                "Rows that left with their image on the way: \(stopped.count); each provider was cancelled as its row"
                    + " left.")
            note("Every row on screen at the end shows its image, got since it last appeared; none landed off screen.")
        }

        private func atTheEnd(of table: TableView) {
            for row in table.visible where !table.shownSinceAppearing.contains(row) {
                let again = table === tables[0] && plan.cameBack(row)
                // Late where its provider runs and has not delivered: a busy machine can do that.
                let running =
                    table.providers[row]?.last.map { $0.cancelled.value == 0 && $0.delivered.value == 0 }
                    ?? false
                fault(
                    "\(table.label(row)) is on screen at the end but shows no image"
                        + (again ? " since it came back (did `willDisplay` start a new provider?)" : ""),
                    hint: again
                        ? "a row that returns needs a new provider, started in willDisplay"
                        : "start its provider as it appears, and show its image",
                    late: running
                        ? "\(table.label(row))'s image was due by \(seconds(plan.end - 2)) and had not come"
                            + " at \(seconds(LessonClock.shared.now)), the end having waited for it" : nil)
            }
            for row in Set(table.offScreenShows).sorted() {
                // Late where it was cancelled as its row left, but its output had already sent the
                // image to the main queue: the image came later than it was due.
                let label = table.label(row)
                fault(
                    "\(label) got its image after it left: it landed off screen",
                    hint: "cancel its provider in didEndDisplaying, as the row leaves",
                    late: stopped.contains(label)
                        ? "\(label)'s image was sent on before its row left, its provider"
                            + " cancelled then"
                        : sentOn.contains(label)
                            ? "\(label)'s image was sent on to the main queue before its row left,"
                                + " and landed after" : nil)
            }
        }

        /// Says a fault; `late`, when a busy machine could cause it too, says how.
        private func fault(_ text: String, hint: String, late why: String? = nil) {
            if let why { faults.late(why) } else { faults.firm() }
            let line = FaultLine(text, hint: hint)
            // The first fault of the code's own leads the summary; one a busy machine can cause only when none is.
            if why == nil, firstFirmFault == nil { firstFirmFault = line }
            if firstFault == nil { firstFault = line }
            line.say()
        }
    }
}
