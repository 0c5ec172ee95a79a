import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a known wrong fix (from an adversarial round): computes on a serial queue, but when no
// earlier report is waiting the main queue waits up to 50 ms for this one, to show a quick report
// without a hop. Shorter than a frame, so no frame is missed; but the main queue is blocked at the
// first tap of every burst, whose report is never that quick.
// must fail: output
// verdict leads with: ReportScreen.swift:16 because "return at once"

final class ReportScreen {
    private let work = DispatchQueue(label: "reports")
    private var waiting = 0  // taps whose report is not shown yet; main queue only

    func tapped(report number: Int, show: @escaping (String) -> Void) {
        let done = DispatchSemaphore(value: 0)
        let handed = Locked<(report: String?, givenUp: Bool)>((nil, waiting > 0))
        waiting += 1
        work.async {
            let report = computeReport(number)
            let takenOnMain = handed.withLock { state -> Bool in
                state.report = report
                return !state.givenUp
            }
            if takenOnMain {
                done.signal()
            } else {
                DispatchQueue.main.async {
                    show(report)
                    self.waiting -= 1
                }
            }
        }
        guard waiting == 1 else { return }
        _ = done.wait(timeout: .now() + 0.05)
        let quick = handed.withLock { state -> String? in
            if state.report == nil { state.givenUp = true }
            return state.report
        }
        if let quick {
            show(quick)
            waiting -= 1
        }
    }
}
