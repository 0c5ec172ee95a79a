import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a known wrong fix (from an adversarial round): computes each report in a detached Swift
// task and chains the shows in tap order through the tasks. computeReport blocks its thread: each
// task holds one of the cooperative pool's few threads (about one per core) while it computes, and a
// task waiting to show a report waits for a free one. On 2 cores the shows come late; on 8 they may
// not. Wrong on every machine all the same: the driver sees the report computed in a task.
// must fail: output
// verdict leads with: ReportScreen.swift:17 because "compute on a dispatch queue"

final class ReportScreen {
    private var lastShown: Task<Void, Never>?  // main queue only

    func tapped(report number: Int, show: @escaping (String) -> Void) {
        let computing = Task.detached { computeReport(number) }
        let before = lastShown
        lastShown = Task.detached {
            let report = await computing.value
            await before?.value
            await withCheckedContinuation { (shown: CheckedContinuation<Void, Never>) in
                DispatchQueue.main.async {
                    show(report)
                    shown.resume()
                }
            }
        }
    }
}
