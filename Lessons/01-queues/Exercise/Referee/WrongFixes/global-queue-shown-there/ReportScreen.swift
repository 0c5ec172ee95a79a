import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a known wrong fix: the work leaves the main queue, but the report is shown from the
// worker thread, and the global queue computes the three side by side.
// must fail: output
// verdict leads with: ReportScreen.swift:14 because "the screen may only be touched on the main queue"

final class ReportScreen {
    func tapped(report number: Int, show: @escaping (String) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            let report = computeReport(number)
            show(report)
        }
    }
}
