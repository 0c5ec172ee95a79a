import Foundation
import RaceLabKit

/// Exercise 2's round 5, for "as soon as every fetch has called back": 30 feeds of one story whose
/// fetch calls back after 5 to 15 ms of real time (from the seed), each loaded when the one before
/// completed. As each fetch calls back, the driver posts a block of its own to the main queue, just
/// before the loader's callback runs: a right loader's completion (`group.notify(queue: .main)`, or
/// `DispatchQueue.main.async` from the callback) is queued after it, and runs right after it. The
/// round measures, for each feed, how long after that block the completion came, and judges the
/// median: a loader that looks on a timer whether every text is in completes up to a period late,
/// half a period in the median, and a busy machine that delays one feed does not move the median.
/// (Before, the ten feeds' total time was judged: a poll every 20 ms passed. A poll every 5 ms now
/// fails; one every 1 ms is found by the process's wake-ups, in round 3.) Real time, so the same at any
/// speed. Every second feed's story is an update of the one before: the same title, another text.
final class FeedChain {
    static let feeds = 30
    /// The most the median feed may complete after the main queue's turn came, in milliseconds.
    static let median = 1.0

    /// Each feed's fetch, in seconds of real time, drawn from the seed in steps of 0.1 ms: drawn in
    /// whole milliseconds, nearly half of them ended within 1 ms before a 5 ms timer's tick, and a
    /// poll every 5 ms passed 1 run in 3 (issue 40's adversarial round).
    static func fetches(_ scenario: inout Scenario) -> [Double] {
        (0..<feeds).map { _ in scenario.seconds(in: 0.005...0.015, step: 0.0001) }
    }

    /// Plays the round on the main queue; then runs `then` on the main queue with the round's fault, if
    /// any, and whether a busy machine could explain it.
    static func play(
        _ loader: FeedLoading, fetches: [Double], then: @escaping (_ fault: (line: FaultLine, late: Bool)?) -> Void
    ) {
        dispatchPrecondition(condition: .onQueue(.main))
        // When the driver's block for each feed ran on the main queue, in nanoseconds of real time.
        let turns = Locked([UInt64?](repeating: nil, count: feeds))
        // Every second feed's story is an update of the feed's before it: the same title, another text.
        // A loader that keeps texts by title from one load to the next gives it the old one (adversarial
        // round 6: a cache by title passed every run, as no feed loaded later repeated a title).
        let items = fetches.enumerated().map { index, fetch in
            FeedItem(
                title: "quick \(index / 2 + 1)", updated: index % 2 == 1, latency: fetch * LessonClock.shared.speed,
                arrived: RelaxedWord(), lastArrival: RelaxedMoment(),
                calledBack: {
                    DispatchQueue.main.async { turns.withLock { $0[index] = DispatchTime.now().uptimeNanoseconds } }
                })
        }
        let started = DispatchTime.now().uptimeNanoseconds
        var after: [Double] = []  // main queue only: each feed's completion after its turn, in ms
        var next = 0
        var over = false  // main queue only
        func finish(_ fault: (line: FaultLine, late: Bool)?) {
            guard !over else { return }
            over = true
            then(fault)
        }
        func loadNext() {
            guard next < feeds else {
                let took = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                let middle = after.sorted()[feeds / 2]
                say(
                    "the \(feeds) feeds took \(Int(took.rounded())) ms of real time in all; the median feed completed"
                        + " \(fixed(middle, decimals: 1)) ms after the main queue could first run it")
                return finish(
                    middle <= median
                        ? nil
                        : (
                            FaultLine(
                                "half the feeds' `completion` came \(fixed(middle, decimals: 1)) ms or more after the main"
                                    + " queue was free to call it",
                                hint: "complete when the last fetch calls back, not when a timer next looks"), true
                        ))
            }
            let index = next
            let item = items[index]
            next += 1
            loader.load([item]) { texts in
                if texts == [item.text] { [item].lookAtHandovers() }
                let report = {
                    guard !over else { return }
                    let now = DispatchTime.now().uptimeNanoseconds
                    guard texts == [item.text] else {
                        if index > 0, texts == [items[index - 1].text] {
                            let seen =
                                "\(item.title), an update, got the text an earlier load's fetch brought for the same"
                                + " title: texts kept by title from one load to the next?"
                            return finish(
                                (
                                    FaultLine(seen, hint: "keep the texts local to one load: another load's came in"),
                                    false
                                ))
                        }
                        let seen = "\(item.title)'s `completion` got \(texts.count) texts, not its own"
                        return finish((FaultLine(seen, hint: "each item's text, once"), false))
                    }
                    // Before the driver's block ran (a timer that looked just then) counts as at once.
                    let turn = turns.current[index] ?? now
                    after.append(Double(now > turn ? now - turn : 0) / 1e6)
                    loadNext()
                }
                if isOnMainQueue { report() } else { DispatchQueue.main.async(execute: report) }
            }
        }
        loadNext()
        DispatchQueue.main.asyncAfter(deadline: .now() + 6) {
            finish(
                (
                    FaultLine(
                        "\(feeds) feeds whose fetches took 5 to 15 ms each did not all complete within 6 s of real time",
                        hint: "complete as soon as every fetch is in"), true
                ))
        }
    }
}
