import Foundation
import RaceLab

/// What exercise 1's driver needs of the attendee's `ReportScreen`.
public protocol ReportShowing: AnyObject {
    /// Called on the main queue for each tap. `show` must be called on the main queue, once per tap,
    /// in the order of the taps.
    func tapped(report number: Int, show: @escaping (String) -> Void)
}

/// The slow computation of exercise 1: report 1 takes 1.2 s, report 2 0.6 s, report 3 0.3 s (lesson
/// seconds), so reports computed side by side finish in the opposite order.
public func computeReport(_ number: Int) -> String {
    sleep(lessonSeconds: 1.2 / Double(1 << max(0, number - 1)))  // stands in for real work
    return "report \(number) (\(number * 1000) rows)"
}

/// Exercise 1's driver, which is not the attendee's to edit: a main-queue ticker stands in for the
/// screen's frames (one every 0.1 s); three taps come 0.1 s apart. At 3.5 s it says first what is
/// wrong, if anything (stalls, reports shown off the main queue, out of order), then what happened
/// when: the verdict's first difference is then the diagnosis, not a late line.
public enum ReportExercise {
    /// A gap between frames longer than this is a stall. Any report computed on the main queue blocks
    /// it for at least 1.2 s; a busy machine delays a frame by far less.
    static let stallLimit = 0.8

    public static func makeLesson(_ make: @escaping () -> ReportShowing) -> Lesson {
        let lesson = Lesson("RaceLab exercise 1: keep the main queue free, and the reports in order")
        lesson.page("Three taps, one screen") { page in
            let screen = make()
            var frames: [Double] = []  // main queue only
            let ticker = DispatchSource.makeTimerSource(queue: .main)
            let interval = LessonClock.shared.realSeconds(0.1)
            ticker.schedule(deadline: .now(), repeating: interval)
            ticker.setEventHandler { frames.append(LessonClock.shared.now) }
            ticker.resume()
            let shown = Locked<[(number: Int, onMain: Bool)]>([])
            let events = Locked<[(at: Double, text: String)]>([])
            for number in 1...3 {
                DispatchQueue.main.asyncAfter(lessonSeconds: 0.1 * Double(number)) {
                    events.withLock { $0.append((LessonClock.shared.now, "tap: report \(number)")) }
                    screen.tapped(report: number) { text in
                        let onMain = isOnMainQueue
                        let now = LessonClock.shared.now
                        events.withLock { $0.append((now, "shown: \(text)\(onMain ? "" : ", off the main queue")")) }
                        shown.withLock { $0.append((number, onMain)) }
                    }
                }
            }
            DispatchQueue.main.asyncAfter(lessonSeconds: 3.5) {
                ticker.cancel()
                report(frames: frames, shown: shown.current)
                note("What happened, and when:")
                for event in events.current.sorted(by: { $0.at < $1.at }) { note("  \(stamp(event.at)) \(event.text)") }
                page.done()
            }
        }
        return lesson
    }

    /// Says what the attendee needs to know: stalls, reports shown off the main queue, out of order,
    /// twice or never.
    static func report(frames: [Double], shown: [(number: Int, onMain: Bool)]) {
        let gaps = zip(frames.dropFirst(), frames).map { $0 - $1 }
        let longest = gaps.max() ?? 0
        if longest > stallLimit {
            note("The main queue stalled: no frame for \(fixed(longest, decimals: 2)) s; the screen froze while a report was")
            note("computed on it. Compute on another queue and come back to the main queue to show it.")
        } else {
            note("Frames kept coming: the longest gap was \(fixed(longest, decimals: 2)) s (a stall is a gap over \(fixed(stallLimit, decimals: 2)) s).")
        }
        let offMain = shown.filter { !$0.onMain }.map(\.number)
        if offMain.isEmpty {
            note("Every report was shown on the main queue.")
        } else {
            note("Shown off the main queue: \(offMain.map { "report \($0)" }.joined(separator: ", ")). The screen may only be")
            note("touched on the main queue: hand the report back with DispatchQueue.main.async.")
        }
        let order = shown.map(\.number)
        if order == [1, 2, 3] {
            note("Reports shown in the order tapped: 1, 2, 3.")
        } else {
            note("Reports shown in the order \(order.map(String.init).joined(separator: ", ")), not 1, 2, 3: each report must")
            note("follow the one tapped before it (report 1 is the slowest to compute).")
        }
    }
}
