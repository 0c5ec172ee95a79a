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
/// flip the order; where the order must hold (side row 5 leaves after its image came) and at the end,
/// the driver waits for the image, within a limit.
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
                Network.serve(
                    .generated(pictures.firstIndex(of: title)! + 2), as: plan.files[row], latency: plan.latencies[row])
            }
            for (row, title) in plan.side.titles.enumerated() {
                Network.serve(
                    .generated(pictures.firstIndex(of: title)! + 2), as: plan.side.files[row],
                    latency: plan.side.latencies[row])
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
                    DispatchQueue.main.async {
                        referee.afterScroll(in: table, leaving: before.filter { !table.visible.contains($0) })
                    }
                }
            }
            for (window, time) in zip(plan.windows, plan.times) { scroll(table, to: window, at: time) }
            // Side row 5 leaves only once its image is in its cell (the clause it is there for needs that
            // image), and its next two scrolls follow from the moment it left. The pool's threads, blocked
            // in filter steps, are as many as the cores: on one core, or a busy two, its image came
            // later than the 1 s its plan leaves (3 of 20 runs of the solution, on one core at 8x).
            let (sideWindows, sideTimes) = (plan.side.windows, plan.side.times)
            scroll(side, to: sideWindows[0], at: sideTimes[0])
            DispatchQueue.main.asyncAfter(lessonSeconds: sideTimes[1]) {
                waitOnMain(until: { side.shownSinceAppearing.contains(5) }, atMost: Side.imageWait) {
                    for step in 1...3 { scroll(side, to: sideWindows[step], at: sideTimes[step] - sideTimes[1]) }
                }
            }
            scroll(side, to: sideWindows[4], at: sideTimes[4])
            DispatchQueue.main.asyncAfter(lessonSeconds: plan.end) {
                // Rows on screen whose providers still work get them done first (a core or two busy with
                // filter steps makes them late), up to `endWait`; then the end is judged.
                waitOnMain(until: { !referee.anyOnScreenLoading }, atMost: Plan.endWait) {
                    withExtendedLifetime((controller, sideController)) {}
                    referee.atTheEnd()
                    page.done()
                }
            }
        }
        return lesson
    }

    /// Runs `then` on the main queue once `condition` holds there (checked every 0.25 lesson s), or
    /// once `limit` lesson s have gone by.
    static func waitOnMain(until condition: @escaping () -> Bool, atMost limit: Double, then: @escaping () -> Void) {
        guard !condition(), limit > 0 else { return then() }
        DispatchQueue.main.asyncAfter(lessonSeconds: 0.25) {
            waitOnMain(until: condition, atMost: limit - 0.25, then: then)
        }
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
        static func file(_ title: String) -> String {
            "ex9_\(title.lowercased().replacingOccurrences(of: " ", with: "_")).jpg"
        }

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
                    if leave < backAt, !comesBack, scenario.int(in: 0...1) == 0,
                        leave - appear - filters - margin >= 0.5
                    {
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
                Self.stays(of: row, windows: windows, times: times).map {
                    $0 + latencies[row] + GalleryExercise.filters
                }
            }
            end = max(landings.max()!, side.lastLanding) + 2
        }

        /// How long (lesson s) the end waits for rows on screen whose providers still work.
        static let endWait = 8.0

        /// When `row` first appears and when it next leaves (nil: it stays to the end); nil if it never shows.
        static func firstStay(of row: Int, windows: [Range<Int>], times: [Double]) -> (appear: Double, leave: Double?)?
        {
            guard let first = windows.firstIndex(where: { $0.contains(row) }) else { return nil }
            let leave = windows[first...].firstIndex { !$0.contains(row) }
            return (times[first], leave.map { times[$0] })
        }

        /// When `row` appears, each time it does.
        static func stays(of row: Int, windows: [Range<Int>], times: [Double]) -> [Double] {
            windows.indices.filter { windows[$0].contains(row) && ($0 == 0 || !windows[$0 - 1].contains(row)) }.map {
                times[$0]
            }
        }

        /// Whether `row`, on screen at the end, had left and came back.
        func cameBack(_ row: Int) -> Bool {
            Self.stays(of: row, windows: windows, times: times).count > 1
        }

        func describe() {
            let rows = { (window: Range<Int>) in
                window.count == 1 ? "row \(window.lowerBound)" : "rows \(window.lowerBound)-\(window.upperBound - 1)"
            }
            let scrolls = (1..<windows.count - 2).map {
                "\(windows[$0].lowerBound < windows[$0 - 1].lowerBound ? "back to " : $0 == 4 ? "on to " : "")\(rows(windows[$0])) at \(seconds(times[$0]))"
            }
            note(
                "\(titles.count) rows, \(windows[0].count) on screen: \(rows(windows[0])) first, then \(scrolls.joined(separator: ", "))."
            )
            let (keyboard, hidden) = (windows.count - 2, windows[windows.count - 2].upperBound)
            note(
                "At \(seconds(times[keyboard])) the keyboard comes up and hides row \(hidden) (none appears); at \(seconds(times.last!)) it goes down, and row \(hidden) comes back."
            )
            note(
                "Downloads take " + latencies.map { seconds($0) }.joined(separator: ", ")
                    + " (row 0 first); then 1 s of filters.")
            side.describe()
        }
    }
}
