import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a wrong fix from an adversarial round: computes on a global queue and shows in tap order
// through tickets kept on a private serial queue. A finished report shows every report whose turn has
// come with DispatchQueue.main.sync, still inside the serial queue; `tapped` takes its ticket with
// sync on that same queue. A tap that lands while a worker waits in main.sync: the main queue waits
// for the serial queue, which waits for the main queue. Burst 4 taps right then.
// must fail: timeout
// verdict leads with: ReportScreen.swift:30 because "waits forever"

final class ReportScreen {
    private let state = DispatchQueue(label: "reports.state")
    // On `state` only.
    private var nextTicket = 0
    private var nextToShow = 0
    private var finished: [Int: (report: String, show: (String) -> Void)] = [:]

    func tapped(report number: Int, show: @escaping (String) -> Void) {
        let ticket: Int = state.sync {
            defer { nextTicket += 1 }
            return nextTicket
        }
        DispatchQueue.global(qos: .userInitiated).async {
            let report = computeReport(number)
            self.state.sync {
                self.finished[ticket] = (report, show)
                while let next = self.finished.removeValue(forKey: self.nextToShow) {
                    DispatchQueue.main.sync { next.show(next.report) }
                    self.nextToShow += 1
                }
            }
        }
    }
}
