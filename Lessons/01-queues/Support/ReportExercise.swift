import Foundation
import RaceLabKit

/// What exercise 1's driver needs of the attendee's `ReportScreen`.
public protocol ReportShowing: AnyObject {
    /// Called on the main queue for each tap. `show` must be called on the main queue, once per tap,
    /// in the order of the taps, as soon as the report (and every one tapped before it) is ready.
    func tapped(report number: Int, show: @escaping (String) -> Void)
}

/// The run's reports: how long each takes to compute (lesson seconds, by report number), drawn by
/// the driver before the first tap and only read after it; and when each computation of it finished
/// (a report tapped twice is computed twice, or once by a fix that keeps it), recorded by the thread
/// that computed it in relaxed words, which order no thread for ThreadSanitizer.
struct Reports {
    var seconds: [Int: Double] = [:]
    var finished: [Int: [RelaxedMoment]] = [:]  // one per tap of the report, in the order computed
    var computations: [Int: RelaxedWord] = [:]  // how many computations of the report began
    /// 1 once any report was computed on the main queue.
    let computedOnMain = RelaxedWord()
    /// 1 once any report was computed in a Swift task, on the cooperative pool.
    let computedInATask = RelaxedWord()
}
nonisolated(unsafe) var reports = Reports()  // the driver's files only (ReportRecord.swift too)

/// The slow computation of exercise 1. The first report of each burst of taps is the slowest, so
/// reports computed side by side finish out of order.
public func computeReport(_ number: Int) -> String {
    // Read only: the driver wrote them before the first tap.
    let (finished, computations) = (reports.finished[number] ?? [], reports.computations[number])
    let computation = Int(computations?.add(1) ?? 0)
    sleep(lessonSeconds: reports.seconds[number] ?? 0.5)  // stands in for real work
    if computation < finished.count { finished[computation].record() }
    if isOnMainQueue { reports.computedOnMain.value = 1 }
    if withUnsafeCurrentTask(body: { $0 != nil }) { reports.computedInATask.value = 1 }
    return ReportExercise.text(of: number)
}

/// Exercise 1's driver, which is not the attendee's to edit: a main-queue ticker stands in for the
/// screen's frames (one every 0.1 s). The user taps in four bursts; first two, one of 3 taps and one of 4 (in an
/// order drawn from the seed), 0.05 to 0.3 s apart; the first report of one burst takes 1.0 to 1.2 s,
/// of the other 2.0 to 2.2 s (in an order drawn from the seed), every other report 0.1 to 0.5 s. So a
/// fix that shows reports after a fixed wait shows them either late in one burst or out of order in
/// the other, and a fix that counts on three taps miscounts. A third burst begins with a quick report
/// (0.3 to 0.5 s) that is still computing when the next is tapped, the next one slow (1.0 to 1.2 s): a
/// fix that holds the reports until no tap is outstanding shows the first late. Its reports are
/// numbered out of order; its fourth tap asks again for the slow report while it is still computing (a
/// fix that ignores a tap whose report is on its way never shows it), and its last for a quick report
/// of an earlier burst: a fix that orders by report number, or keeps a report by its number, shows one
/// out of turn. A fourth burst of three
/// quick reports taps each the moment the one before it is computed, while its worker hands it over:
/// a worker that holds a lock (or a serial queue) `tapped` also takes while it waits in
/// `DispatchQueue.main.sync` deadlocks. A burst starts once the one before it
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
        let index: Int  // the taps' order, from 0
        let number: Int
        let at: Double  // lesson seconds after its burst began
        let computation: Int  // which computation of its report is its own: 0, or 1 for a report tapped again
        /// Tapped the moment the report of the tap before it is computed (`at` is when that is due).
        var chained = false
    }

    public static func makeLesson(_ make: @escaping () -> ReportShowing) -> Lesson {
        // A run takes at most 11 lesson s; a deadlocked main queue is stopped in 30 (7.5 s at 4x).
        let lesson = Lesson(
            "RaceLab exercise 1: keep the main queue free, and the reports in order", pageTimeLimit: 30, seeded: true)
        lesson.page("Four bursts of taps, one screen") { page in
            var scenario = page.scenario
            var bursts: [[Tap]] = []
            var number = 0
            var tapped = 0
            func taps() -> Int {
                defer { tapped += 1 }
                return tapped
            }
            // A burst: reports numbered `numbers` (the next ones when nil), that take `durations` (a
            // report tapped again: nil, it takes as long as before), tapped `gaps` apart.
            // With `chained`, each tap after the first comes the moment the report before it is computed.
            func burst(
                _ durations: [ClosedRange<Double>?], numbers: [Int]? = nil, gaps: ClosedRange<Double>,
                chained: Bool = false
            ) -> [Tap] {
                let numbers = numbers ?? durations.indices.map { number + 1 + $0 }
                number = max(number, numbers.max()!)
                var time = 0.0
                return zip(numbers, durations).enumerated().map { index, tapped in
                    let (number, duration) = tapped
                    if let duration { reports.seconds[number] = scenario.seconds(in: duration) }
                    reports.finished[number, default: []].append(RelaxedMoment())
                    reports.computations[number] = reports.computations[number] ?? RelaxedWord()
                    defer { time += chained ? reports.seconds[number]! : scenario.seconds(in: gaps) }
                    return Tap(
                        index: taps(), number: number, at: time, computation: reports.finished[number]!.count - 1,
                        chained: chained && index > 0)
                }
            }
            for (slowest, taps) in zip(scenario.shuffled([1.0...1.2, 2.0...2.2]), scenario.shuffled([3, 4])) {
                bursts.append(burst([slowest] + Array(repeating: 0.1...0.5, count: taps - 1), gaps: 0.05...0.3))
            }
            // Its first report is still computing when the next is tapped, and done long before it; its
            // numbers are never in order; its fourth tap asks again for its slow second report, tapped at
            // most 0.4 s before and computing for a second or more; its last for a quick report of burst
            // 1 or 2.
            var numbers = [number + 1, number + 2, number + 3]
            while numbers == numbers.sorted() { numbers = scenario.shuffled(numbers) }
            let again = scenario.shuffled(bursts.flatMap { $0.dropFirst() }.map(\.number))[0]
            bursts.append(
                burst(
                    [0.3...0.5, 1.0...1.2, 0.1...0.3, nil, nil], numbers: numbers + [numbers[1], again],
                    gaps: 0.05...0.2))
            // Each tap lands while the report before it is being handed over: a worker that waits for
            // the main queue while it holds something `tapped` takes deadlocks here.
            bursts.append(burst(Array(repeating: 0.1...0.3, count: 3), gaps: 0...0, chained: true))
            for (index, burst) in bursts.enumerated() {
                let numbers = burst.map(\.number)
                note(
                    "Burst \(index + 1): reports "
                        + (numbers == Array(numbers[0]...numbers[0] + numbers.count - 1)
                            ? "\(numbers.first!)-\(numbers.last!)" : numbers.map(String.init).joined(separator: ", "))
                        + ", tapped "
                        + (burst.last!.chained
                            ? "each the moment the one before it is computed"
                            : burst.map { "+" + seconds($0.at) }.joined(separator: ", ")) + "; computing each takes "
                        + burst.map { seconds(reports.seconds[$0.number]!) }.joined(separator: ", ") + ".")
            }
            let screen = make()
            let record = Record(taps: bursts.flatMap { $0 })
            var ended = false
            func end() {
                guard !ended else { return }
                ended = true
                record.frames.stop()
                record.judge()
                page.done()
            }
            func play(_ remaining: ArraySlice<[Tap]>) {
                guard let burst = remaining.first else {
                    DispatchQueue.main.asyncAfter(lessonSeconds: 0.3) { end() }  // a moment more: one shown twice
                    return
                }
                let start = LessonClock.shared.now + 0.1
                // On the main queue: taps, then asks for the tap chained to this one, if any.
                @Sendable func perform(_ tap: Tap) {
                    record.events.append((LessonClock.shared.now, "tap: report \(tap.number)"))
                    record.made.insert(tap.index)
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
                            record.shown.append((tap, now, onMain, text))
                            // The whole burst's reports shown, each once: the next burst (this happens once at most).
                            let taps = Set(burst.map(\.index))
                            let inBurst = record.shownReports.map(\.tap.index).filter(taps.contains)
                            if inBurst.count == taps.count && Set(inBurst) == taps { play(remaining.dropFirst()) }
                        }
                    }
                    if let next = burst.first(where: { $0.index == tap.index + 1 }), next.chained {
                        // Shortly before this report is due, the main queue waits for it (a moment at most),
                        // and taps while its worker hands it over.
                        DispatchQueue.main.asyncAfter(lessonSeconds: max(0, reports.seconds[tap.number]! - 0.04)) {
                            awaitComputed(tap)
                            perform(next)
                        }
                    }
                }
                for tap in burst where !tap.chained {
                    DispatchQueue.main.asyncAfter(lessonSeconds: start + tap.at - LessonClock.shared.now) {
                        perform(tap)
                    }
                }
                // Computed one after another, the burst's last report is done by then, with a second to spare.
                let enough = burst.last!.at + burst.reduce(0) { $0 + reports.seconds[$1.number]! } + 1.0
                DispatchQueue.main.asyncAfter(lessonSeconds: start + enough - LessonClock.shared.now) {
                    if !Set(burst.map(\.index)).isSubset(of: record.shownReports.map(\.tap.index)) { end() }
                }
            }
            play(bursts[...])
        }
        return lesson
    }

    /// Waits, on the main queue, until `tap`'s report is computed (for 0.25 lesson s at most), then 20 ms
    /// of real time more: long enough for the worker that computed it to reach whatever it does next,
    /// a `DispatchQueue.main.sync` included. It reads the moment relaxed, so TSan sees no order from the
    /// worker to the main queue that the attendee's code did not make.
    static func awaitComputed(_ tap: Tap) {
        let finished = reports.finished[tap.number]![tap.computation]
        let deadline = LessonClock.shared.now + 0.25
        while finished.value == nil && LessonClock.shared.now < deadline { Thread.sleep(forTimeInterval: 0.0005) }
        Thread.sleep(forTimeInterval: 0.02)
    }
}
