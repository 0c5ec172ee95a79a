import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a known wrong fix (from an adversarial round): acknowledges each tap at once with a
// "computing…" placeholder, then shows the report from a serial queue. `show` gets something that is
// not the tap's report, and runs twice per tap; placeholders of later taps come before report 1.
// must fail: output
// verdict leads with: ReportScreen.swift:15 because "gets that tap's report"

final class ReportScreen {
    private let work = DispatchQueue(label: "reports")

    func tapped(report number: Int, show: @escaping (String) -> Void) {
        show("report \(number): computing…")
        work.async {
            let report = computeReport(number)
            DispatchQueue.main.async { show(report) }
        }
    }
}
