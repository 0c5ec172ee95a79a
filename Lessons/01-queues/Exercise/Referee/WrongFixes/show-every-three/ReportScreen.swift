import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a known wrong fix: computes side by side, keeps the finished reports on the main queue,
// and shows them in order once three have come in. It counts on three taps: of a burst of four, the
// last report is never shown (or waits for a tap that never comes).
// must fail: output
// verdict leads with: ReportScreen.swift:20 because "gets that tap's report"

final class ReportScreen {
    private var finished: [Int: String] = [:]  // main queue only

    func tapped(report number: Int, show: @escaping (String) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            let report = computeReport(number)
            DispatchQueue.main.async {
                self.finished[number] = report
                guard self.finished.count == 3 else { return }
                for key in self.finished.keys.sorted() { show(self.finished[key]!) }
                self.finished = [:]
            }
        }
    }
}
