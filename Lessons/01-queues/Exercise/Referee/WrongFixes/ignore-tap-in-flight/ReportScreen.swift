import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a known wrong fix (from an adversarial round: it passed every run before burst 3 asked
// again for a report still on its way): computes on a serial queue and shows on the main queue, but
// ignores a tap for a report that is already being computed ("it is coming anyway"). The task says
// once per tap: the second tap's show never comes.
// must fail: output
// verdict leads with: ReportScreen.swift:23 because "each tap's report must be shown exactly once"

final class ReportScreen {
    private let queue = DispatchQueue(label: "reports", qos: .userInitiated)
    private var inFlight: Set<Int> = []  // main queue only

    func tapped(report number: Int, show: @escaping (String) -> Void) {
        guard !inFlight.contains(number) else { return }  // already coming
        inFlight.insert(number)
        queue.async {
            let report = computeReport(number)
            DispatchQueue.main.async {
                self.inFlight.remove(number)
                show(report)
            }
        }
    }
}
