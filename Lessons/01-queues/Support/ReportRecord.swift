import Foundation
import RaceLabKit

extension ReportExercise {
    /// What the driver saw, on the main queue only.
    final class Record {
        let taps: [Tap]
        let frames = Frames()
        var shown: [(tap: Tap, at: Double, onMain: Bool, text: String)] = []
        var events: [(at: Double, text: String)] = []
        /// The taps made so far (their indices).
        var made: Set<Int> = []
        /// The longest a `tapped` call took to return, in real seconds, and for which tap.
        var held: (number: Int, seconds: Double) = (0, 0)

        /// The shows that got their tap's report; the others got something else.
        var shownReports: [(tap: Tap, at: Double, onMain: Bool, text: String)] {
            shown.filter { $0.text == text(of: $0.tap.number) }
        }

        init(taps: [Tap]) { self.taps = taps }

        /// Says what the attendee needs to know: stalls, reports shown off the main queue, twice, never,
        /// out of order or late; then what happened when.
        func judge() {
            // A busy machine can stall the frames, hold a tap or delay a report, but it cannot compute a
            // report on the main queue, show one off it, twice, or out of order: only a run whose faults
            // are all of the first kind is worth confirming at real speed.
            let faults = Faults()
            let longest = frames.longestGap
            let computedOnMain = reports.computedOnMain.value == 1
            if longest > stallLimit && computedOnMain {
                FaultLine(
                    "The main queue stalled: no frame for \(fixed(longest, decimals: 2)) s, as `computeReport` ran on it",
                    hint: "compute on another queue, and come back to the main queue to show the report"
                ).note()
                faults.firm()
            } else if longest > stallLimit {
                FaultLine(
                    "The main queue stalled: no frame for \(fixed(longest, decimals: 2)) s",
                    hint: "never make the main queue wait for the work (no sync, no wait on it)"
                ).note()
                faults.late("no report was computed on the main queue, yet it drew no frame for \(seconds(longest)).")
            } else if held.seconds > holdLimit {
                FaultLine(
                    "The main queue was held at a tap: `tapped`(report: \(held.number)) took \(Int(held.seconds * 1000)) ms of real time to return",
                    hint: "return at once: start the work elsewhere, and never wait for it on the main queue"
                ).note()
                computedOnMain
                    ? faults.firm()
                    : faults.late(
                        "no report was computed on the main queue, yet a tap held it for \(Int(held.seconds * 1000)) ms."
                    )
            } else {
                note("Frames kept coming: the longest gap was under \(fixed(stallLimit, decimals: 2)) s.")
            }
            let offMain = shown.filter { !$0.onMain }.map(\.tap.number)
            if offMain.isEmpty {
                note("Every report shown was shown on the main queue.")
            } else {
                FaultLine(
                    "`show` was called off the main queue for \(offMain.map { "report \($0)" }.joined(separator: ", "))",
                    hint: "the screen may only be touched on the main queue: call show in DispatchQueue.main.async"
                ).note()
                faults.firm()
            }
            if reports.computedInATask.value == 1 {
                // Same code, same verdict: on 2 cores its shows come late, on 8 they may not; the
                // blocking is there on every machine.
                FaultLine(
                    "`computeReport` ran in a Swift task: it blocks its thread, one of the few (about one per core)"
                        + " that every task runs on, and other tasks wait",
                    hint: "compute on a dispatch queue"
                ).note()
                faults.firm()
            }
            let (verdict, fault) = orderVerdict()
            if let fault {
                FaultLine(verdict.seen, hint: verdict.hint).note()
                switch fault {
                case .late: faults.late("a report came later than it was due; a busy machine can do that too.")
                case .firm: faults.firm()
                }
            } else {
                note(verdict.seen)
            }
            faults.sayTimingIfOnlyLate()
            note("What happened, and when:")
            for event in events.sorted(by: { $0.at < $1.at }) { note("  \(stamp(event.at)) \(event.text)") }
        }

        /// What is wrong with the reports shown: late, a busy machine's doing too (a report missing or
        /// late, and nothing else), or firm (no machine shows a report twice, another text, or out of order).
        enum Fault { case late, firm }

        /// The verdict on the reports shown, and its fault if any.
        func orderVerdict() -> ((seen: String, hint: String), Fault?) {
            if let other = shown.first(where: { $0.text != text(of: $0.tap.number) }) {
                return (
                    (
                        "The `show` of tap \(other.tap.index + 1) (report \(other.tap.number)) got \"\(other.text)\", not its report",
                        "each tap's `show` gets that tap's report, once, and nothing else"
                    ), .firm
                )
            }
            let order = shown.map(\.tap.index)
            let list = { (indices: [Int]) in indices.map { String(self.taps[$0].number) }.joined(separator: ", ") }
            // Taps made and never shown; a burst starts only once the one before it is shown, so the
            // taps of a burst never played were never made, and are not this code's to show.
            let never = taps.map(\.index).filter { made.contains($0) && !order.contains($0) }
            let unplayed = taps.filter { !made.contains($0.index) }.count
            let twice = Set(order.filter { index in order.filter { $0 == index }.count > 1 }).sorted()
            if !never.isEmpty || !twice.isEmpty {
                // A busy machine delays shows, in order: a tap never shown while a later one was is a
                // fault no machine causes, as one shown twice is.
                let skipped = never.contains { missing in order.contains { $0 > missing } }
                var said = ["Reports shown: \(order.isEmpty ? "none" : list(order)), for \(taps.count) taps"]
                if !never.isEmpty {
                    said.append(
                        "taps whose `show` never came: \(never.map { "\($0 + 1) (report \(taps[$0].number))" }.joined(separator: ", "))"
                            + " (by when, computed one after another, they would long have been)")
                }
                if !twice.isEmpty { said.append("shown more than once: report \(list(twice))") }
                if unplayed > 0 {
                    said.append("the last \(unplayed) taps were never made, as a burst waits for the one before it")
                }
                return (
                    (
                        said.joined(separator: "; "),
                        "each tap's report must be shown exactly once, a report tapped again too, however many taps there are"
                    ), twice.isEmpty && !skipped ? .late : .firm
                )
            }
            if order != taps.map(\.index) {
                return (
                    (
                        "Reports shown in the order \(list(order)), the order each `computeReport` finished in, not the"
                            + " order of the taps, \(list(taps.map(\.index)))",
                        "each report must follow the one tapped before it, however long each takes"
                    ), .firm
                )
            }
            // Ready: this tap's report and every one tapped before it computed.
            var ready = 0.0
            for (tap, at, _, _) in shown {
                let finished = reports.finished[tap.number].map { $0[tap.computation].value } ?? nil
                ready = max(ready, finished ?? .infinity)
                if at > ready + promptLimit {
                    return (
                        (
                            "Every report was shown once, in the order tapped; but report \(tap.number) was ready at"
                                + " \(seconds(ready)), and its `show` came at \(seconds(at))",
                            "show each as soon as it is ready, not after a wait of your own"
                        ), .late
                    )
                }
            }
            return (("Every report was shown once, in the order tapped, as soon as it was ready.", ""), nil)
        }
    }
}
