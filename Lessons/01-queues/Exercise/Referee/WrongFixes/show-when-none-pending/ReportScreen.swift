import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a known wrong fix (from an adversarial round): computes side by side and keeps the
// order by holding every finished report until no tap is outstanding, then showing them all in tap
// order. Where the slowest report is tapped first, that is right; where a quick report is tapped
// first and a slow one after it, the quick one waits for the slow one.
// must fail: output
// verdict leads with: ReportScreen.swift:24 because "show each as soon as it is ready"

final class ReportScreen {
    private var outstanding = 0  // main queue only
    private var held: [(tap: Int, report: String, show: (String) -> Void)] = []  // main queue only
    private var taps = 0  // main queue only

    func tapped(report number: Int, show: @escaping (String) -> Void) {
        taps += 1
        let tap = taps
        outstanding += 1
        DispatchQueue.global().async {
            let report = computeReport(number)
            DispatchQueue.main.async {
                self.held.append((tap, report, show))
                self.outstanding -= 1
                guard self.outstanding == 0 else { return }
                for item in self.held.sorted(by: { $0.tap < $1.tap }) { item.show(item.report) }
                self.held.removeAll()
            }
        }
    }
}
