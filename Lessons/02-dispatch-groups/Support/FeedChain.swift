import Foundation
import RaceLabKit

/// Exercise 2's round 5, for "as soon as every fetch has called back": ten feeds of one story whose
/// fetch calls back after 10 ms of real time, each loaded when the one before completed, timed in
/// real time from the first load to the last completion. A right loader takes a few milliseconds a
/// feed more than the fetch (two hops, to a global queue and back to the main queue). One that looks
/// on a timer whether every text is in (an adversarial round's poll every 0.1 s of real time passed:
/// the 0.25 s a completion may take is lesson time, and so real time when a late run is confirmed at
/// real speed) finds nothing at its first look and waits for the next tick at every feed. (With fetches
/// that called back at once, its first look, as it loaded, already found the text.) Real time, so the
/// same at any speed: a run confirmed at real speed is judged by the same measure.
final class FeedChain {
    static let feeds = 10
    /// How long each fetch takes, in seconds of real time.
    static let fetch = 0.01
    /// The most the ten feeds may take, in seconds of real time: 35 ms a feed. A poll every 30 ms
    /// passes; every 50 ms does not.
    static let limit = 0.35

    /// Plays the round on the main queue; then runs `then` on the main queue with the round's fault, if
    /// any, and whether a busy machine could explain it.
    static func play(_ loader: FeedLoading, then: @escaping (_ fault: (line: FaultLine, late: Bool)?) -> Void) {
        dispatchPrecondition(condition: .onQueue(.main))
        let items = (1...feeds).map {
            FeedItem(
                title: "quick \($0)", latency: fetch * LessonClock.shared.speed, arrived: RelaxedWord(),
                lastArrival: RelaxedMoment())
        }
        let started = DispatchTime.now().uptimeNanoseconds
        var next = 0
        var over = false  // main queue only
        func finish(_ fault: (line: FaultLine, late: Bool)?) {
            guard !over else { return }
            over = true
            then(fault)
        }
        func loadNext() {
            guard next < feeds else {
                let took = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                say("the \(feeds) feeds took \(Int((took * 1000).rounded())) ms of real time in all")
                return finish(
                    took <= limit
                        ? nil
                        : (
                            FaultLine(
                                "that is \(Int((took * 1000 / Double(feeds)).rounded())) ms a feed whose fetch took"
                                    + " \(Int(fetch * 1000)) ms",
                                hint: "complete when the last fetch calls back, not when a timer next looks"), true
                        ))
            }
            let item = items[next]
            next += 1
            loader.load([item]) { texts in
                let report = {
                    guard !over else { return }
                    guard texts == [item.text] else {
                        let seen = "\(item.title) completed with \(texts.count) texts, not its own"
                        return finish((FaultLine(seen, hint: "each item's text, once"), false))
                    }
                    loadNext()
                }
                if isOnMainQueue { report() } else { DispatchQueue.main.async(execute: report) }
            }
        }
        loadNext()
        DispatchQueue.main.asyncAfter(deadline: .now() + 3) {
            finish(
                (
                    FaultLine(
                        "\(feeds) feeds whose fetches took \(Int(fetch * 1000)) ms each did not all complete within 3 s of real"
                            + " time",
                        hint: "complete as soon as every fetch is in"), true
                ))
        }
    }
}
