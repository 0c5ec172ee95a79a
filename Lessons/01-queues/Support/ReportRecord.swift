import Foundation
import RaceLabKit

extension ReportExercise {
    /// What the driver saw, on the main queue only.
    final class Record {
        let taps: [Tap]
        let frames = Frames()
        var shown: [(tap: Tap, at: Double, onMain: Bool, text: String)] = []
        var events: [(at: Double, text: String)] = []
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
            if longest > stallLimit {
                note(
                    "The main queue stalled: no frame for \(fixed(longest, decimals: 2)) s; the screen froze while a"
                        + " report was")
                note("computed on it. Compute on another queue and come back to the main queue to show it.")
                computedOnMain
                    ? faults.firm()
                    : faults.late(
                        "no report was computed on the main queue, yet it drew no frame for \(seconds(longest)).")
            } else if held.seconds > holdLimit {
                note(
                    "The main queue was held at a tap: tapped(report: \(held.number)) took \(Int(held.seconds * 1000))"
                        + " ms of real time to")
                note("return. Return at once: start the work elsewhere, and never wait for it on the main queue.")
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
                note(
                    "Shown off the main queue: \(offMain.map { "report \($0)" }.joined(separator: ", ")). The screen"
                        + " may only be")
                note("touched on the main queue: hand the report back with DispatchQueue.main.async.")
                faults.firm()
            }
            if reports.computedInATask.value == 1 {
                // Same code, same verdict: on 2 cores its shows come late, on 8 they may not; the
                // blocking is there on every machine.
                note(
                    "Reports were computed in a Swift task: computeReport blocks its thread, and a task holds one of"
                        + " the few")
                note(
                    "threads Swift concurrency runs tasks on (about one per core) while it does: other tasks wait."
                        + " Use a dispatch queue.")
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
            if let other = shown.first(where: { $0.text != text(of: $0.tap.number) }) {
                return (
                    "The show of tap \(other.tap.index + 1) (report \(other.tap.number)) got \"\(other.text)\","
                        + " not its report. Each"
                        + " tap's show gets that tap's report, once, and nothing else.", .firm
                )
            }
            let order = shown.map(\.tap.index)
            let list = { (indices: [Int]) in indices.map { String(self.taps[$0].number) }.joined(separator: ", ") }
            let never = taps.map(\.index).filter { !order.contains($0) }
            let twice = Set(order.filter { index in order.filter { $0 == index }.count > 1 }).sorted()
            if !never.isEmpty || !twice.isEmpty {
                // A busy machine delays shows, in order: a tap never shown while a later one was is a
                // fault no machine causes, as one shown twice is.
                let skipped = never.contains { missing in order.contains { $0 > missing } }
                return (
                    "Reports shown: \(order.isEmpty ? "none" : list(order)), for \(taps.count) taps."
                        + (never.isEmpty
                            ? ""
                            : " Never shown: \(list(never)) (by when, computed one after another, it would long have"
                                + " been).")
                        + (twice.isEmpty ? "" : " Shown more than once: \(list(twice)).")
                        + " Each tap's report must be shown exactly once, however many taps there are.",
                    twice.isEmpty && !skipped ? .late : .firm
                )
            }
            if order != taps.map(\.index) {
                return (
                    "Reports shown in the order \(list(order)), not \(list(taps.map(\.index))): each report must"
                        + " follow the one"
                        + " tapped before it, however long each takes.", .firm
                )
            }
            // Ready: this tap's report and every one tapped before it computed.
            var ready = 0.0
            for (tap, at, _, _) in shown {
                let finished = reports.finished[tap.number].map { $0[tap.computation].value } ?? nil
                ready = max(ready, finished ?? .infinity)
                if at > ready + promptLimit {
                    return (
                        "Every report was shown once, in the order tapped; but report \(tap.number) was ready at"
                            + " \(seconds(ready)) and shown at \(seconds(at)): show each as soon as it is ready, not"
                            + " after a wait of your own.", .late
                    )
                }
            }
            return ("Every report was shown once, in the order tapped, as soon as it was ready.", nil)
        }
    }
}
