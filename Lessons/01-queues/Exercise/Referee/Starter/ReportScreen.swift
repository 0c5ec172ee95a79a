import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1: keep the main queue free, and the reports in order.
//
// The driver (main.swift) stands in for an app's screen: the main queue draws a frame every 0.1 s,
// and the user taps "report" a few times in quick succession, in four bursts. Each tap calls
// `tapped` on the main queue. As written, `tapped` computes the report right there: `computeReport`
// is slow (report 1 takes over a second, the others less), so the main queue stalls and the screen
// freezes.
//
// Compute the reports off the main queue, on a dispatch queue (`computeReport` blocks its thread,
// which a Swift Task must not do), with `tapped` returning at once, and call `show` on the main
// queue, once per tap, with that tap's report, in the order the reports were tapped (report 1
// first, although it takes the longest), each as soon as it is ready (and the ones tapped before it
// are shown; a frame or two later is fine). How many taps, when, and how long each report takes
// vary from run to run (the verdict names the run's seed).
//
// Check your work:  swift run racelab exercise 1      A hint:  swift run racelab hint 1

final class ReportScreen {
    func tapped(report number: Int, show: @escaping (String) -> Void) {
        let report = computeReport(number)
        show(report)
    }
}
