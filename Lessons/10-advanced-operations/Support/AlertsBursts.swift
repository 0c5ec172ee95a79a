import Foundation
import RaceLabKit

extension AlertsExercise {
    /// Round 0's first two rounds. Three threads tell `exclusivity` of 200 operations each, all at once
    /// and as fast as they can (operations that never run), burst after burst: each must end up
    /// waiting, directly or not, for every one recorded before it. Then one thread records 200 more
    /// while another reports the last burst's 600 finished: the new ones too must wait for each other,
    /// and one more recorded after them for the last of them. Lost updates, or a `finished` that
    /// forgets a newer operation, break the order.
    final class Bursts {
        let exclusivity: Exclusivity
        /// The last burst played, and its category: the second round finishes them.
        private var lastBurst: [Operation] = []
        private var category = ["bookkeeping"]

        init(_ exclusivity: Exclusivity) { self.exclusivity = exclusivity }

        /// Bursts of 600, each in a category of its own, until one is out of order: at least 8 and 0.2 s
        /// of real time, at most 40 or 3 s. One burst alone missed a check and its act in two critical
        /// sections 1 time in 4 (an adversarial round's check-act-split passed 1 of 6 runs).
        func play() -> RoundOutcome {
            var (ordered, stuck) = (true, false)
            let bursts = playRounds(atLeast: 8, andSeconds: 0.2, atMost: 40, forAtMost: 3) { number in
                let burst = ["bookkeeping \(number)"]
                let first = (0..<3).map { _ in (0..<200).map { _ in BlockOperation() } }
                stuck = !recordAtOnce(first, burst)
                (lastBurst, category) = (Array(first.joined()), burst)
                ordered = !stuck && isTotallyOrdered(lastBurst)
                return ordered
            }
            guard !stuck else { return .stuck }
            note(
                "\(bursts) bursts of 600 operations, each recorded by three threads at once: "
                    + FaultLine.either(
                        ordered, "each waits for every one recorded before it.",
                        else: FaultLine(
                            "in the last, some do not wait for the ones before (`added`)",
                            hint: "each must wait for the one recorded before it")))
            return RoundOutcome(passed: ordered)
        }

        /// Three threads record `operations` (one list each) at once, in `burst`. Returns false when
        /// they are stuck or far too slow, having said so.
        private func recordAtOnce(_ operations: [[BlockOperation]], _ burst: [String]) -> Bool {
            let done = RelaxedWord()  // how many `added` calls returned: slow is not stuck
            let recorded = startTogether(operations.count) { [exclusivity] thread in
                for operation in operations[thread] {
                    exclusivity.added(operation, categories: burst)
                    done.add(1)
                }
            }
            // A right fix records a burst in milliseconds. Not done after 10 s: still going is too slow
            // (the runner would stop the run as a hang before 40 s), not going is stuck.
            guard recorded.wait(timeout: LessonClock.shared.deadline(after: 10)) == .timedOut else { return true }
            let before = done.value
            sleep(lessonSeconds: 1)
            guard done.value > before else {
                return Watchdog.wait(for: recorded, upTo: 29, "three threads recording 600 operations")
            }
            note(
                "Three threads recording 600 operations: \(done.value) of 600 recorded after 11 s, and still going:"
                    + " not stuck, but far")
            FaultLine(
                "too slow",
                hint: "keep added() and finished() quick: a new operation needs a dependency on the"
                    + " last one of its category, not on every earlier one"
            ).note()
            return false
        }

        /// 200 more recorded while the last burst's 600 finish, then one.
        func recordWhileFinishing() -> RoundOutcome {
            let (firstAll, category, exclusivity) = (lastBurst, self.category, self.exclusivity)
            let second = (0..<200).map { _ in BlockOperation() }
            let both = startTogether(2) { thread in
                if thread == 0 {
                    for operation in second { exclusivity.added(operation, categories: category) }
                } else {
                    for operation in firstAll { exclusivity.finished(operation, categories: category) }
                }
            }
            guard Watchdog.wait(for: both, upTo: 40, "recording 200 while 600 finish") else { return .stuck }
            let next = BlockOperation()
            exclusivity.added(next, categories: category)
            let ordered =
                isTotallyOrdered(second + [next])
                && ancestors(of: [next] + second)[0].nonzeroBitCount == second.count
            note(
                "200 more recorded while the first 600 finished, then one: "
                    + FaultLine.either(
                        ordered, "each waits for every one before it.",
                        else: FaultLine(
                            "some do not wait for the ones before (`finished`)",
                            hint: "finishing an old operation must not forget a newer one")))
            for operation in second + [next] { exclusivity.finished(operation, categories: category) }
            return RoundOutcome(passed: ordered)
        }
    }
}
