import Foundation
import RaceLab
import Lesson1Support

// Exercise 1: keep the main queue free, and the reports in order.
//
// The driver (main.swift) stands in for an app's screen: the main queue draws a frame every 0.1 s,
// and the user taps "report" three times, 0.1 s apart. Each tap calls `tapped` on the main queue.
// As written, `tapped` computes the report right there: `computeReport` is slow (1.2 s for report 1,
// 0.6 s for report 2, 0.3 s for report 3), so the main queue stalls and the screen freezes.
//
// Compute the reports off the main queue, and call `show` on the main queue, with the reports in the
// order they were tapped (report 1 first, although it takes the longest).
//
// Check your work:  swift run racelab exercise 1      A hint:  swift run racelab hint 1
//
// As given, this file is wrong, and the referee proves it (racelab verify):
// The starter computes on the main queue: it stalls for 1.2 s (report 1), every run.
// must fail: output

final class ReportScreen {
    func tapped(report number: Int, show: @escaping (String) -> Void) {
        let report = computeReport(number)
        show(report)
    }
}
