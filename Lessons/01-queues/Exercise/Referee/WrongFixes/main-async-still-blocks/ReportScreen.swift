import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a known wrong fix: async onto the main queue returns at once, but the work still runs
// on the main queue, a moment later: the screen freezes all the same.
// must fail: output
// verdict leads with: ReportScreen.swift:13 because "compute on another queue"

final class ReportScreen {
    func tapped(report number: Int, show: @escaping (String) -> Void) {
        DispatchQueue.main.async {
            let report = computeReport(number)
            show(report)
        }
    }
}
