import Foundation
import RaceLab

/// What exercise 1's driver needs of the attendee's `ReportScreen`.
public protocol ReportShowing: AnyObject {
    /// Called on the main queue for each tap. `show` must be called on the main queue, once per tap,
    /// in the order of the taps, as soon as the report (and every one tapped before it) is ready.
    func tapped(report number: Int, show: @escaping (String) -> Void)
}

/// The run's reports: how long each takes to compute (lesson seconds, by report number), drawn by
/// the driver before the first tap and only read after it; and when each finished, recorded by the
/// thread that computed it in a relaxed word, which orders no thread for ThreadSanitizer.
struct Reports {
    var seconds: [Int: Double] = [:]
    var finished: [Int: RelaxedMoment] = [:]
    /// 1 once any report was computed on the main queue.
    let computedOnMain = RelaxedWord()
}
nonisolated(unsafe) private var reports = Reports()

/// The slow computation of exercise 1. The first report of each burst of taps is the slowest, so
/// reports computed side by side finish out of order.
public func computeReport(_ number: Int) -> String {
    sleep(lessonSeconds: reports.seconds[number] ?? 0.5)  // stands in for real work
    let finished = reports.finished[number]  // read: the driver wrote it before the first tap
    finished?.record()
    if isOnMainQueue { reports.computedOnMain.value = 1 }
    return ReportExercise.text(of: number)
}

/// Exercise 1's driver, which is not the attendee's to edit: a main-queue ticker stands in for the
/// screen's frames (one every 0.1 s). The user taps in two bursts, one of 3 taps and one of 4 (in an
/// order drawn from the seed), 0.05 to 0.3 s apart; the first report of one burst takes 1.0 to 1.2 s,
/// of the other 2.0 to 2.2 s (in an order drawn from the seed), every other report 0.1 to 0.5 s. So a
/// fix that shows reports after a fixed wait shows them either late in one burst or out of order in
/// the other, and a fix that counts on three taps miscounts. A third burst begins with a quick report
/// (0.3 to 0.5 s) tapped again before it is done, the next one slow (1.0 to 1.2 s): a fix that holds
/// the reports until no tap is outstanding shows the first late. A burst starts once the one before it
/// is shown; the driver ends when every report was shown (and a moment more, for one shown twice), or
/// once even reports computed one after another would long be done. Each `show` must get its tap's
/// report itself, and `tapped` must return at once (within 30 ms of real time: a wait on the main
/// queue shorter than a frame is one too). It says first what is wrong, then what happened when.
public enum ReportExercise {
    /// A gap between frames longer than this is a stall. A burst's first report blocks the main queue
    /// for at least 1.0 s when it is computed there; a busy machine delays a frame by far less.
    static let stallLimit = 0.8
    /// A report is shown "as soon as it is ready" when it is shown within this many lesson seconds of
    /// the moment it and every report tapped before it were computed: one hop to the main queue.
    static let promptLimit = 0.4
    /// A `tapped` call that takes longer than this, in real seconds, held the main queue: starting the
    /// work elsewhere takes well under a millisecond, and a busy machine rarely takes the main thread
    /// away for that long in the middle of one call.
    static let holdLimit = 0.03

    /// What `computeReport` returns for report `number`, and so what its tap's `show` must get.
    static func text(of number: Int) -> String { "report \(number) (\(number * 1000) rows)" }

    struct Tap {
        let number: Int
        let at: Double
    }

    public static func makeLesson(_ make: @escaping () -> ReportShowing) -> Lesson {
        let lesson = Lesson("RaceLab exercise 1: keep the main queue free, and the reports in order", seeded: true)
        lesson.page("Three bursts of taps, one screen") { page in
            var scenario = page.scenario
            var bursts: [[Tap]] = []
            var number = 0
            // A burst of reports that take `durations`, tapped `gaps` apart.
            func burst(_ durations: [ClosedRange<Double>], gaps: ClosedRange<Double>) -> [Tap] {
                var time = 0.0
                return durations.map { duration in
                    number += 1
                    reports.seconds[number] = scenario.seconds(in: duration)
                    reports.finished[number] = RelaxedMoment()
                    defer { time += scenario.seconds(in: gaps) }
                    return Tap(number: number, at: time)
                }
            }
            for (slowest, taps) in zip(scenario.shuffled([1.0...1.2, 2.0...2.2]), scenario.shuffled([3, 4])) {
                bursts.append(burst([slowest] + Array(repeating: 0.1...0.5, count: taps - 1), gaps: 0.05...0.3))
            }
            // Report 8 is still computing when 9 is tapped, and done long before 9 is.
            bursts.append(burst([0.3...0.5, 1.0...1.2, 0.1...0.3], gaps: 0.05...0.2))
            for (index, burst) in bursts.enumerated() {
                note("Burst \(index + 1): reports \(burst.first!.number)-\(burst.last!.number), tapped "
                    + burst.map { "+" + seconds($0.at) }.joined(separator: ", ") + "; computing each takes "
                    + burst.map { seconds(reports.seconds[$0.number]!) }.joined(separator: ", ") + ".")
            }
            let screen = make()
            let record = Record(taps: bursts.flatMap { $0 })
            let ticker = DispatchSource.makeTimerSource(queue: .main)
            ticker.schedule(deadline: .now(), repeating: LessonClock.shared.realSeconds(0.1))
            ticker.setEventHandler { record.frames.append(LessonClock.shared.now) }
            ticker.resume()
            var ended = false
            func end() {
                guard !ended else { return }
                ended = true
                ticker.cancel()
                record.judge()
                page.done()
            }
            func play(_ remaining: ArraySlice<[Tap]>) {
                guard let burst = remaining.first else {
                    DispatchQueue.main.asyncAfter(lessonSeconds: 0.3) { end() }  // a moment more: one shown twice
                    return
                }
                let start = LessonClock.shared.now + 0.1
                for tap in burst {
                    DispatchQueue.main.asyncAfter(lessonSeconds: start + tap.at - LessonClock.shared.now) {
                        record.events.append((LessonClock.shared.now, "tap: report \(tap.number)"))
                        let began = DispatchTime.now().uptimeNanoseconds
                        defer {
                            let held = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
                            if held > record.held.seconds { record.held = (tap.number, held) }
                        }
                        screen.tapped(report: tap.number) { text in
                            let onMain = isOnMainQueue
                            let now = LessonClock.shared.now
                            // Recorded on the main queue, where the driver reads it; a call made off it
                            // is said so, and counted all the same.
                            DispatchQueue.main.async {
                                record.events.append((now, "shown: \(text)\(onMain ? "" : ", off the main queue")"))
                                record.shown.append((tap.number, now, onMain, text))
                                // The whole burst's reports shown, each once: the next burst (this happens once at most).
                                let numbers = Set(burst.map(\.number))
                                let inBurst = record.shownReports.map(\.number).filter(numbers.contains)
                                if inBurst.count == numbers.count && Set(inBurst) == numbers { play(remaining.dropFirst()) }
                            }
                        }
                    }
                }
                // Computed one after another, the burst's last report is done by then, with a second to spare.
                let enough = burst.last!.at + burst.reduce(0) { $0 + reports.seconds[$1.number]! } + 1.0
                DispatchQueue.main.asyncAfter(lessonSeconds: start + enough - LessonClock.shared.now) {
                    if !Set(burst.map(\.number)).isSubset(of: record.shownReports.map(\.number)) { end() }
                }
            }
            play(bursts[...])
        }
        return lesson
    }

    /// What the driver saw, on the main queue only.
    final class Record {
        let taps: [Tap]
        var frames: [Double] = []
        var shown: [(number: Int, at: Double, onMain: Bool, text: String)] = []
        var events: [(at: Double, text: String)] = []
        /// The longest a `tapped` call took to return, in real seconds, and for which tap.
        var held: (number: Int, seconds: Double) = (0, 0)

        /// The shows that got their tap's report; the others got something else.
        var shownReports: [(number: Int, at: Double, onMain: Bool, text: String)] { shown.filter { $0.text == text(of: $0.number) } }

        init(taps: [Tap]) { self.taps = taps }

        /// Says what the attendee needs to know: stalls, reports shown off the main queue, twice, never,
        /// out of order or late; then what happened when.
        func judge() {
            // A busy machine can stall the frames, hold a tap or delay a report, but it cannot compute a
            // report on the main queue, show one off it, twice, or out of order: only a run whose faults
            // are all of the first kind is worth confirming at real speed.
            let faults = Faults()
            let gaps = zip(frames.dropFirst(), frames).map { $0 - $1 }
            let longest = gaps.max() ?? 0
            let computedOnMain = reports.computedOnMain.value == 1
            if longest > stallLimit {
                note("The main queue stalled: no frame for \(fixed(longest, decimals: 2)) s; the screen froze while a report was")
                note("computed on it. Compute on another queue and come back to the main queue to show it.")
                computedOnMain ? faults.firm() : faults.late("no report was computed on the main queue, yet it drew no frame for \(seconds(longest)).")
            } else if held.seconds > holdLimit {
                note("The main queue was held at a tap: tapped(report: \(held.number)) took \(Int(held.seconds * 1000)) ms of real time to")
                note("return. Return at once: start the work elsewhere, and never wait for it on the main queue.")
                computedOnMain ? faults.firm() : faults.late("no report was computed on the main queue, yet a tap held it for \(Int(held.seconds * 1000)) ms.")
            } else {
                note("Frames kept coming: the longest gap was under \(fixed(stallLimit, decimals: 2)) s.")
            }
            let offMain = shown.filter { !$0.onMain }.map(\.number)
            if offMain.isEmpty {
                note("Every report shown was shown on the main queue.")
            } else {
                note("Shown off the main queue: \(offMain.map { "report \($0)" }.joined(separator: ", ")). The screen may only be")
                note("touched on the main queue: hand the report back with DispatchQueue.main.async.")
                faults.firm()
            }
            let (verdict, fault) = orderVerdict()
            note(verdict)
            switch fault {
            case .late?: faults.late("a report came later than it was due; a busy machine can do that too.")
            case .firm?: faults.firm()
            case nil: break
            }
            faults.sayTimingIfOnlyLate()
            note("What happened, and when:")
            for event in events.sorted(by: { $0.at < $1.at }) { note("  \(stamp(event.at)) \(event.text)") }
        }

        /// What is wrong with the reports shown: late, a busy machine's doing too (a report missing or
        /// late, and nothing else), or firm (no machine shows a report twice, another text, or out of order).
        enum Fault { case late, firm }

        /// The verdict on the reports shown, and its fault if any.
        func orderVerdict() -> (String, Fault?) {
            if let other = shown.first(where: { $0.text != text(of: $0.number) }) {
                return ("Tap \(other.number)'s show got \"\(other.text)\", not its report. Each tap's show gets that tap's report,"
                    + " once, and nothing else.", .firm)
            }
            let order = shown.map(\.number)
            let tapped = taps.map(\.number)
            let list = { (numbers: [Int]) in numbers.map(String.init).joined(separator: ", ") }
            let never = tapped.filter { !order.contains($0) }
            let twice = Set(order.filter { number in order.filter { $0 == number }.count > 1 }).sorted()
            if !never.isEmpty || !twice.isEmpty {
                return ("Shown: \(order.isEmpty ? "none" : list(order)), for \(tapped.count) taps."
                    + (never.isEmpty ? "" : " Never shown: \(list(never)) (by when, computed one after another, it would long have been).")
                    + (twice.isEmpty ? "" : " Shown more than once: \(list(twice)).")
                    + " Each tap's report must be shown exactly once, however many taps there are.", twice.isEmpty ? .late : .firm)
            }
            if order != tapped {
                return ("Reports shown in the order \(list(order)), not \(list(tapped)): each report must follow the one tapped"
                    + " before it, however long each takes.", .firm)
            }
            // Ready: this report and every one tapped before it computed.
            var ready = 0.0
            for (number, at, _, _) in shown {
                ready = max(ready, reports.finished[number]?.value ?? .infinity)
                if at > ready + promptLimit {
                    return ("Every report was shown once, in the order tapped; but report \(number) was ready at \(seconds(ready))"
                        + " and shown at \(seconds(at)): show each as soon as it is ready, not after a wait of your own.", .late)
                }
            }
            return ("Every report was shown once, in the order tapped, as soon as it was ready.", nil)
        }
    }
}
