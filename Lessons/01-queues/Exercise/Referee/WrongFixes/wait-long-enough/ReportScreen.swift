import Foundation
import RaceLabKit
import Lesson1Support

// Exercise 1, a known wrong fix: orders the reports by time, not by synchronisation. Each report is
// computed on a concurrent queue and shown a fixed 1.5 s after its tap ("the slowest takes about
// 1.2 s"). When the first report of a burst takes longer, the quick ones overtake it; when it takes
// less, every report waits for nothing. One burst or the other shows it, whatever the wait.
// must fail: output
// verdict leads with: ReportScreen.swift:16 or ReportScreen.swift:18 because "each report must follow the one tapped before it" or "each tap's report must be shown exactly once"

final class ReportScreen {
    func tapped(report number: Int, show: @escaping (String) -> Void) {
        let due = LessonClock.shared.now + 1.5
        DispatchQueue.global(qos: .userInitiated).async {
            let report = computeReport(number)
            DispatchQueue.main.asyncAfter(lessonSeconds: max(0, due - LessonClock.shared.now)) {
                show(report)
            }
        }
    }
}
