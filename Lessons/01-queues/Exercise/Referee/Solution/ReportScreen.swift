import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a solution: a private serial queue at .userInitiated computes the reports one after
// another, in the order tapped, and each goes back to the main queue to be shown. (A global queue
// is concurrent: report 3 would finish first.)

final class ReportScreen {
    private let reportQueue = DispatchQueue(label: "reports", qos: .userInitiated)

    func tapped(report number: Int, show: @escaping (String) -> Void) {
        reportQueue.async {
            let report = computeReport(number)
            DispatchQueue.main.async {
                show(report)
            }
        }
    }
}
