import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a known wrong fix (from an adversarial round): orders the reports by their number, not
// by the taps: the lowest number waiting goes first, and a report tapped again replaces the earlier
// tap's show. Where the taps come in rising numbers only, that is the same thing; a report asked for
// again, or numbers tapped out of order, shows one out of turn.
// must fail: output
// verdict leads with: ReportScreen.swift:17 because "each tap's report must be shown exactly once"

final class ReportScreen {
    private var shows: [Int: (String) -> Void] = [:]  // by report number; main queue only
    private var done: [Int: String] = [:]  // main queue only

    func tapped(report number: Int, show: @escaping (String) -> Void) {
        shows[number] = show
        DispatchQueue.global().async {
            let report = computeReport(number)
            DispatchQueue.main.async {
                self.done[number] = report
                while let lowest = self.shows.keys.min(), let report = self.done.removeValue(forKey: lowest) {
                    self.shows.removeValue(forKey: lowest)?(report)
                }
            }
        }
    }
}
