import Foundation
import RaceLabKit

extension AlertsExercise {
    /// Round 0, last part: alerts dismissed as soon as they appear. The alerts have sixteen categories
    /// each. One thread adds A, asks another to report A finished, and as soon as that report has
    /// begun adds B, then at once one alert C in each of the sixteen categories alone. The report for A
    /// may come before or after B in each category, but every C must wait for B, which nobody
    /// reported finished. A `finished` that checks "still the last?" and forgets in two critical
    /// sections forgets B where B comes in between. Until 150 rounds overlapped, at least 0.2 s, at most 3 s.
    static func finishTheNewest(_ exclusivity: Exclusivity) -> RoundOutcome {
        let categories = (1...16).map { "newest \($0)" }
        let limit = 3000
        // Each round's A, made before the threads start: both read them. B and the Cs, only the adding
        // thread makes and touches, kept for the check afterwards (the adding thread's own lock: it
        // orders nothing else).
        let reported = (0..<limit).map { _ in BlockOperation() }
        let kept = Locked<[(b: BlockOperation, c: [BlockOperation])]>([])
        // Thread 0 adds B while thread 1 reports A finished, at the same moment (`Lockstep`), so that
        // B's add falls at every point of the report, round after round. A loaded machine that runs one
        // thread at a time overlaps few: the round goes on until 150 have (at least 0.2 s, at most 3 s).
        let round = Lockstep(
            steps: limit, goal: 150, atLeast: 0.2, atMost: 3, spin: 256,
            prepare: { round in
                exclusivity.added(reported[round], categories: categories)
                kept.withLock {
                    if $0.count == round { $0.append((BlockOperation(), categories.map { _ in BlockOperation() })) }
                }
                return true
            },
            call: { thread, round in
                if thread == 0 {
                    exclusivity.added(kept.current[round].b, categories: categories)
                } else {
                    exclusivity.finished(reported[round], categories: categories)
                }
                return true
            },
            judge: { round in
                let (b, c) = kept.current[round]
                for (alone, category) in zip(c, categories) { exclusivity.added(alone, categories: [category]) }
                return c.allSatisfy { $0.dependencies.contains(b) }  // false: one forgotten, decided
            })
        // The round's bounds are real seconds (at most 3); the watchdog's, lesson seconds: 10 real ones.
        let watched = "adding alerts while the newest is reported finished"
        guard Watchdog.wait(for: round.done, upTo: 10 * LessonClock.shared.speed, watched) else { return .stuck }
        let played = kept.current.prefix(round.played)
        let forgotten = played.reduce(0) { count, round in
            count + round.c.filter { !$0.dependencies.contains(round.b) }.count
        }
        // Forgotten with nothing at the same moment too, one call after another: not a critical section
        // split in two, but categories that do not each keep their own last operation.
        let alone = forgotten > 0 && !newestKeptOneAtATime(exclusivity, categories)
        note(
            "\(played.count) alerts dismissed as they appeared while the next came: "
                + FaultLine.either(
                    forgotten == 0, "each alert after them waited for the one before.",
                    else: FaultLine(
                        counting: forgotten, "times the next did not wait for one nobody had dismissed (`finished`)",
                        hint: alone
                            ? "every category keeps its own last operation: an alert of sixteen categories is the last"
                                + " of each (it happens one call at a time too)"
                            : "finished must check and forget in one critical section")!))
        round.sayIfShort(unseen: "a critical section split in two")
        for (a, round) in zip(reported, played) {
            exclusivity.finished(a, categories: categories)
            exclusivity.finished(round.b, categories: categories)
            for (alone, category) in zip(round.c, categories) { exclusivity.finished(alone, categories: [category]) }
        }
        return RoundOutcome(passed: forgotten == 0)
    }

    /// The round played one call at a time: A added and reported finished, then B, then one C in each
    /// category alone. Whether every C waits for B.
    static func newestKeptOneAtATime(_ exclusivity: Exclusivity, _ categories: [String]) -> Bool {
        let categories = categories.map { $0 + " alone" }
        let (a, b, c) = (BlockOperation(), BlockOperation(), categories.map { _ in BlockOperation() })
        exclusivity.added(a, categories: categories)
        exclusivity.finished(a, categories: categories)
        exclusivity.added(b, categories: categories)
        for (alone, category) in zip(c, categories) { exclusivity.added(alone, categories: [category]) }
        let kept = c.allSatisfy { $0.dependencies.contains(b) }
        exclusivity.finished(b, categories: categories)
        for (alone, category) in zip(c, categories) { exclusivity.finished(alone, categories: [category]) }
        return kept
    }
}
