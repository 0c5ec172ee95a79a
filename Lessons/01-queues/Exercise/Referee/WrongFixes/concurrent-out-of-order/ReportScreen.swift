import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a known wrong fix: off the main queue and back to it, but on a concurrent global queue
// the quick report 3 finishes before the slow report 1, so the screen shows them out of order.
// must fail: output
// verdict leads with: ReportScreen.swift:13 because "each report must follow the one tapped before it"

final class ReportScreen {
    func tapped(report number: Int, show: @escaping (String) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            let report = computeReport(number)
            DispatchQueue.main.async {
                show(report)
            }
        }
    }
}
