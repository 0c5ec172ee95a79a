import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a known wrong fix: the work leaves the main queue, but the report is shown from the
// worker thread, and the global queue computes the three side by side.
// must fail: output

final class ReportScreen {
    func tapped(report number: Int, show: @escaping (String) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            let report = computeReport(number)
            show(report)
        }
    }
}
