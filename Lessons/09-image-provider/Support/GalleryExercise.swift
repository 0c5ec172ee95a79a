import Foundation
import RaceLabKit

/// What exercise 9's driver needs of the attendee's `GalleryController`.
public protocol GalleryControlling: AnyObject {
    init(table: TableView, files: [String])
}

/// Exercise 9's driver, which is not the attendee's to edit: a table of nine pictures scrolls past a
/// window of rows, run by the attendee's controller. The seed draws the pictures' order, the window
/// (2 to 4 rows), two scrolls forward (the first may jump past a row) and one back (a row that left
/// comes back, another stays on screen through it), the moments of the scrolls, and each picture's
/// download time. The row that stays and the first row to leave with the scroll back show the same
/// picture, so a controller that stops "the picture" instead of the row stops a row on screen; so do
/// the last row to leave with the second scroll and the row below it, which stays, so a controller
/// that keeps providers by picture stops the wrong one. Then
/// the table scrolls on again: the rows that came back leave a second time, their new images on the
/// way (a controller that stops a row once only does not stop them). Then the keyboard comes up and
/// hides the bottom row, its image on the way: a row leaves and none appears, so a controller that
/// stops rows only when another appears stops nothing. Last, the keyboard goes down and that row
/// comes back once more, and must get its image. Beside the table, a second gallery with a controller
/// of its own (`Side`) opens at its row 1 with five rows on screen, has a row come back after its
/// image came, and closes at 14 lesson s or later with four rows still loading. Every image is
/// drawn to land at least 1 lesson second before or after its row leaves, so a busy machine does not
/// flip the order.
///
/// What is judged, each where it happens:
/// - right after a scroll (on the main queue, after whatever the controller queued there while the
///   table scrolled): every provider of a row that left was cancelled, unless it had delivered
///   already (work that must stop, not only be hidden), and every row on screen still has a
///   provider that was not cancelled;
/// - at the end: every row on screen shows an image it got since it last appeared (a row that came
///   back needs a new one), and no image landed in a row off screen.
public enum GalleryExercise {
    static let pictures = [
        "Eiffel Tower", "Venice", "Scottish castle", "Arctic-02", "Arctic-16", "Arctic-15", "Arctic-12",
        "Rome", "Paris at night", "Fjord",
    ]
    /// The filter and the post-process each take 0.5 lesson s after the download (ImageFilterOperation).
    static let filters = 1.0
    /// How far (lesson s) an image lands from the moment its row leaves.
    static let margin = 1.0

    public static func makeLesson(_ make: @escaping (TableView, [String]) -> GalleryControlling) -> Lesson {
        let lesson = Lesson("RaceLab exercise 9: rows that scroll away must not get their images", seeded: true)
        lesson.page("Rows scroll past") { page in
            var scenario = page.scenario
            let plan = Plan(&scenario)
            for (row, title) in plan.titles.enumerated() {
                Network.serve(.generated(pictures.firstIndex(of: title)! + 2), as: plan.files[row], latency: plan.latencies[row])
            }
            for (row, title) in plan.side.titles.enumerated() {
                Network.serve(.generated(pictures.firstIndex(of: title)! + 2), as: plan.side.files[row], latency: plan.side.latencies[row])
            }
            plan.describe()
            let table = TableView(rows: plan.titles)
            let controller = make(table, plan.files)
            // A second gallery beside the first, with a controller of its own (`Side`).
            let side = TableView(rows: plan.side.titles, rowName: "side row")
            let sideController = make(side, plan.side.files)
            let referee = Referee(tables: [table, side], plan: plan)
            func scroll(_ table: TableView, to window: Range<Int>, at time: Double) {
                DispatchQueue.main.asyncAfter(lessonSeconds: time) {
                    let before = table.visible
                    table.scroll(to: window)
                    // Queued after anything the controller queued on the main queue during the scroll.
                    DispatchQueue.main.async { referee.afterScroll(in: table, leaving: before.filter { !table.visible.contains($0) }) }
                }
            }
            for (window, time) in zip(plan.windows, plan.times) { scroll(table, to: window, at: time) }
            for (window, time) in zip(plan.side.windows, plan.side.times) { scroll(side, to: window, at: time) }
            DispatchQueue.main.asyncAfter(lessonSeconds: plan.end) {
                withExtendedLifetime((controller, sideController)) {}
                referee.atTheEnd()
                page.done()
            }
        }
        return lesson
    }

    /// The seed's table: titles, windows, scroll moments and download times.
    struct Plan {
        let titles: [String]
        /// The rows on screen at each step: at 0 s, two scrolls forward, one back, and the keyboard.
        let windows: [Range<Int>]
        let times: [Double]
        let latencies: [Double]
        let side: Side
        let end: Double
        /// One file a picture: two rows that show the same picture download the same file.
        var files: [String] { titles.map(Self.file) }
        static func file(_ title: String) -> String { "ex9_\(title.lowercased().replacingOccurrences(of: " ", with: "_")).jpg" }

        init(_ scenario: inout Scenario) {
            let pictures = scenario.shuffled(GalleryExercise.pictures)
            var titles = Array(pictures.prefix(9))
            let window = scenario.int(in: 2...4)
            // Forward, perhaps jumping past a row; forward again, by less than a window, so that a row
            // stays on screen through it and the last row that leaves then comes back with the scroll
            // back (by less than a window, so that a row stays on screen through it too). Then forward again, to where it was: the rows that
            // came back leave a second time, and the rows that left with the scroll back come back.
            // Then the keyboard comes up and hides the bottom row, which had come back: a row leaves
            // and none appears. Last, the keyboard goes down and that row comes back once more: it
            // must get its image.
            let room = titles.count - window
            let first = min(scenario.int(in: 1...window + 1), room - 1)
            let second = min(scenario.int(in: 1...window - 1), room - first)
            let back = scenario.int(in: 1...window - 1)
            let starts = [0, first, first + second, first + second - back, first + second]
            var windows = starts.map { $0..<$0 + window }
            windows += [windows[4].lowerBound..<windows[4].upperBound - 1, windows[4]]
            self.windows = windows
            var times = [0.0]
            for _ in 1...3 { times.append(times.last! + scenario.seconds(in: 2.5...3.5, step: 0.5)) }
            for _ in 4...5 { times.append(times.last! + scenario.seconds(in: 1...1.5, step: 0.5)) }
            times.append(times.last! + 1)
            self.times = times
            let backAt = times[3]
            var latencies = Array(repeating: 1.0, count: titles.count)
            let stays = titles.indices.map { Self.firstStay(of: $0, windows: windows, times: times) }
            for row in titles.indices {
                guard let (appear, leave) = stays[row] else { continue }
                if let leave {
                    // Lands 1 s or more before the row leaves, or 1 to 2 s after it left; rows that leave
                    // with the scroll back, and rows that will come back, always after: every seed has
                    // rows that leave with their image on the way, and rows that leave a second time
                    // with it on the way again (its latency, at least 2.5 s, outlasts their second stay).
                    let comesBack = Self.stays(of: row, windows: windows, times: times).count > 1
                    if leave < backAt, !comesBack, scenario.int(in: 0...1) == 0, leave - appear - filters - margin >= 0.5 {
                        latencies[row] = scenario.seconds(in: 0.5...leave - appear - filters - margin, step: 0.5)
                    } else {
                        latencies[row] = scenario.seconds(in: leave - appear...leave - appear + 1, step: 0.5)
                    }
                } else if appear < backAt {
                    // On screen through the scroll back, its image still on the way then.
                    latencies[row] = scenario.seconds(in: backAt - appear...backAt - appear + 1.5, step: 0.5)
                } else {
                    latencies[row] = scenario.seconds(in: 0.5...3, step: 0.5)
                }
            }
            // The last row to leave with the second scroll shows the same picture as the row below it,
            // which appeared with it or after it and stays: a controller that keeps providers by
            // picture has only the lower row's, and stops it when the upper row leaves (the lower
            // row's image is on the way until after the scroll back). Both land at least 1 s after
            // the upper row leaves.
            let (upper, lower) = (windows[2].lowerBound - 1, windows[2].lowerBound)
            let (upperAppears, upperLeaves) = (stays[upper]!.appear, stays[upper]!.leave!)  // it leaves at times[2]
            latencies[lower] = max(latencies[lower], upperLeaves - upperAppears)
            titles[upper] = titles[lower]
            latencies[upper] = latencies[lower]
            // And the row that leaves first with the scroll back shows the same picture as the row above
            // it (which may be that lower row: then three rows show it), which stays on screen through
            // it with its image still on the way: stopping "the picture" instead of the row stops a
            // row on screen too.
            let (staying, leaving) = (windows[3].upperBound - 1, windows[3].upperBound)
            titles[leaving] = titles[staying]
            latencies[leaving] = latencies[staying]
            self.titles = titles
            self.latencies = latencies
            side = Side(&scenario, titles: Array(pictures[4...9]), closing: max(14, times.last! + 0.5))
            // Long enough for every row on screen at the end to get its image, and for an image
            // nobody stopped to land off screen, with two seconds to spare (blocked filter steps wait
            // for Linux's thread pool to grow).
            let landings = titles.indices.flatMap { row in
                Self.stays(of: row, windows: windows, times: times).map { $0 + latencies[row] + GalleryExercise.filters }
            }
            end = max(landings.max()!, side.lastLanding) + 2
        }

        /// When `row` first appears and when it next leaves (nil: it stays to the end); nil if it never shows.
        static func firstStay(of row: Int, windows: [Range<Int>], times: [Double]) -> (appear: Double, leave: Double?)? {
            guard let first = windows.firstIndex(where: { $0.contains(row) }) else { return nil }
            let leave = windows[first...].firstIndex { !$0.contains(row) }
            return (times[first], leave.map { times[$0] })
        }

        /// When `row` appears, each time it does.
        static func stays(of row: Int, windows: [Range<Int>], times: [Double]) -> [Double] {
            windows.indices.filter { windows[$0].contains(row) && ($0 == 0 || !windows[$0 - 1].contains(row)) }.map { times[$0] }
        }

        /// Whether `row`, on screen at the end, had left and came back.
        func cameBack(_ row: Int) -> Bool {
            Self.stays(of: row, windows: windows, times: times).count > 1
        }

        func describe() {
            let rows = { (window: Range<Int>) in window.count == 1 ? "row \(window.lowerBound)" : "rows \(window.lowerBound)-\(window.upperBound - 1)" }
            let scrolls = (1..<windows.count - 2).map { "\(windows[$0].lowerBound < windows[$0 - 1].lowerBound ? "back to " : $0 == 4 ? "on to " : "")\(rows(windows[$0])) at \(seconds(times[$0]))" }
            note("\(titles.count) rows, \(windows[0].count) on screen: \(rows(windows[0])) first, then \(scrolls.joined(separator: ", ")).")
            let (keyboard, hidden) = (windows.count - 2, windows[windows.count - 2].upperBound)
            note("At \(seconds(times[keyboard])) the keyboard comes up and hides row \(hidden) (none appears); at \(seconds(times.last!)) it goes down, and row \(hidden) comes back.")
            note("Downloads take " + latencies.map { seconds($0) }.joined(separator: ", ") + " (row 0 first); then 1 s of filters.")
            side.describe()
        }
    }

    /// The second gallery, beside the first, with a controller of its own: six rows, opened scrolled to
    /// row 1 (row 0 never shows: rows are not shown in order from 0), five on screen at once (more
    /// than any window of the first). Side row 5 gets its image early, leaves, comes back (it needs a
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
            latencies = [1] + (1...4).map { _ in scenario.seconds(in: closing...closing + 1, step: 0.5) } + [scenario.seconds(in: 0.5...1, step: 0.5)]
        }

        /// When the last image would land if nobody stopped it.
        var lastLanding: Double {
            max(latencies[1...4].max()!, times[2] + latencies[5]) + GalleryExercise.filters
        }

        func describe() {
            note("Beside it, a second gallery with a controller of its own opens at side rows 1-5; side row 5 leaves at \(seconds(times[1])),")
            note("comes back at \(seconds(times[2])) and leaves again at \(seconds(times[3])); the gallery closes at \(seconds(times[4])).")
        }
    }

    /// Judges the controller where each clause of the task shows, and tells what it found.
    final class Referee {
        /// The first gallery's table, then the second's.
        let tables: [TableView]
        let plan: Plan
        private var stopped = Set<String>()  // rows that left with their image on the way, their providers cancelled
        private var sentOn = Set<String>()  // rows that left after their provider had sent the image on to the main queue
        private var sideRowLeft = false  // side row 5 has left once; main queue only
        private let faults = Faults()
        private var firstFault: String?  // said again at the end, where the verdict quotes it

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
                    // The plan lands its image 1 s or more before it first leaves, so that its cell shows
                    // an image when it comes back and leaves again. Without that image this run could not
                    // judge a controller that thinks a cell with an image has a provider that is done (an
                    // adversarial round's wrong fix passed 1 of 20 runs on a machine this busy).
                    if !running.isEmpty {
                        fault("side row 5 left at \(seconds(LessonClock.shared.now)) before its image came, though it was due 1 s before:",
                            late: "side row 5's image, due 1 s before it first left, had not come: this run could not judge a cell with an old image")
                        note("  the image its cell should show as it comes back never came.")
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
                    fault("\(table.label(row)) left, and its provider was cancelled from another queue: stop it then,")
                    note("  on the main queue, where the table tells you the row left.")
                } else {
                    fault("\(table.label(row)) left with its image on the way, but its provider was not cancelled:")
                    note("  its download and filters go on for a cell nobody sees. Cancel it when the row leaves.")
                }
            }
            for row in table.visible where !table.shownSinceAppearing.contains(row) {
                // Made as it last appeared: a row that comes back needs a new one, whatever its cell showed.
                guard let latest = table.providers[row]?.last, table.appearedWithProvider.contains(row) else {
                    fault("\(table.label(row)) is on screen, but no provider was started for it as it appeared.")
                    continue
                }
                if latest.cancelled.value == 1 {
                    fault("\(table.label(row)) is on screen, but its provider was cancelled: its image will never come.")
                }
            }
        }

        func atTheEnd() {
            dispatchPrecondition(condition: .onQueue(.main))
            for table in tables { atTheEnd(of: table) }
            faults.sayTimingIfOnlyLate()
            guard faults.count == 0 else {
                note("The gallery is not right yet. First: \(firstFault ?? "?")")
                return
            }
            note("Rows that left with their image on the way: \(stopped.count); each provider was cancelled as its row left.")
            note("Every row on screen at the end shows its image, got since it last appeared; none landed off screen.")
        }

        private func atTheEnd(of table: TableView) {
            for row in table.visible where !table.shownSinceAppearing.contains(row) {
                let again = table === tables[0] && plan.cameBack(row)
                // Late where its provider runs and has not delivered: a busy machine can do that.
                let running = table.providers[row]?.last.map { $0.cancelled.value == 0 && $0.delivered.value == 0 } ?? false
                fault("\(table.label(row)) is on screen at the end but shows no image"
                    + (again ? " since it came back: a row that returns needs a new provider." : "."),
                    late: running ? "\(table.label(row))'s image was due by \(seconds(plan.end - 2)) and had not come at \(seconds(LessonClock.shared.now))" : nil)
            }
            for row in Set(table.offScreenShows).sorted() {
                // Late where it was cancelled as its row left, but its output had already sent the
                // image to the main queue: the image came later than it was due.
                let label = table.label(row)
                fault("\(label) got its image after it left: it landed off screen.",
                    late: stopped.contains(label) ? "\(label)'s image was sent on before its row left, its provider cancelled then"
                        : sentOn.contains(label) ? "\(label)'s image was sent on to the main queue before its row left, and landed after" : nil)
            }
        }

        /// Says a fault; `late`, when a busy machine could cause it too, says how.
        private func fault(_ text: String, late why: String? = nil) {
            if let why { faults.late(why) } else { faults.firm() }
            if firstFault == nil { firstFault = text.hasSuffix(":") ? text.dropLast() + "." : text }
            say(text)
        }
    }
}
