import Foundation
import RaceLabKit

extension AlertsExercise {
    /// Operations of two categories: two threads add one each at the same moment (`Lockstep`), one
    /// naming the categories alert first, the other video first, step after step, in groups of 200
    /// steps with categories of their own; each must wait for every one added before it (a lock taken
    /// per category lets two of them wait for each other: a cycle). Until 400 steps overlapped, at
    /// least 0.2 s, at most 3 s.
    static func twoCategories(_ exclusivity: Exclusivity) -> RoundOutcome {
        // A lock taken once per category made a cycle only now and then in bursts of 200 adds a thread
        // (caught in 19 of 20 loaded runs); added at the same moment, step after step, it shows when the two
        // threads run at once.
        let group = 200
        let groups = Locked<[(alertFirst: [BlockOperation], videoFirst: [BlockOperation])]>([])
        let categories = { (step: Int) in ["both alert \(step / group)", "both video \(step / group)"] }
        let round = Lockstep(
            steps: 100 * group, goal: 400, atLeast: 0.2, atMost: 3,
            prepare: { step in
                let made = { (0..<group).map { _ in BlockOperation() } }
                groups.withLock { if $0.count == step / group { $0.append((made(), made())) } }
                return true
            },
            call: { thread, step in
                let pair = groups.current[step / group]
                let (operation, names) =
                    thread == 0
                    ? (pair.alertFirst, categories(step)) : (pair.videoFirst, Array(categories(step).reversed()))
                exclusivity.added(operation[step % group], categories: names)
                return true
            },
            judge: { step in
                guard (step + 1) % group == 0 else { return true }
                let pair = groups.current[step / group]
                return isTotallyOrdered(pair.alertFirst + pair.videoFirst)  // false: out of order, decided
            })
        let limit = 10 * LessonClock.shared.speed
        guard Watchdog.wait(for: round.done, upTo: limit, "two threads adding operations of two categories") else {
            return .stuck
        }
        let played = groups.current.enumerated().map { index, pair in
            let count = min(group, max(0, round.played - index * group))
            return Array(pair.alertFirst.prefix(count)) + Array(pair.videoFirst.prefix(count))
        }
        let ordered = played.allSatisfy(isTotallyOrdered)
        // Two that wait for each other: a lock taken per category. Two that do not wait at all: an
        // operation recorded in some of its categories only.
        let cyclic = played.contains(where: hasCycle)
        note(
            "\(round.played) pairs of operations of two categories, added at the same moment (\(round.overlapped)"
                + " overlapped), their")
        note(
            "categories named in either order: "
                + FaultLine.either(
                    ordered, "each waits for every one before it.",
                    else: cyclic
                        ? FaultLine(
                            "some wait for each other, and can never run (`added`)",
                            hint: "one critical section for all of an operation's categories")
                        : FaultLine(
                            "some do not wait for one before them (`added`)",
                            hint: "an operation waits for the last of every one of its categories, and is then the"
                                + " last of each")))
        round.sayIfShort(unseen: "a critical section split in two")
        for (index, operations) in played.enumerated() {
            for operation in operations { exclusivity.finished(operation, categories: categories(index * group)) }
        }
        return RoundOutcome(passed: ordered)
    }

    /// A video alert finishes while a newer video is the last video: the next video must still wait
    /// for that one.
    static func newerVideo(_ exclusivity: Exclusivity) -> Bool {
        let (videoAlert, video, nextVideo) = (BlockOperation(), BlockOperation(), BlockOperation())
        exclusivity.added(videoAlert, categories: ["newer alert", "newer video"])
        exclusivity.added(video, categories: ["newer video"])
        exclusivity.finished(videoAlert, categories: ["newer alert", "newer video"])
        exclusivity.added(nextVideo, categories: ["newer video"])
        let kept = nextVideo.dependencies.contains(video)
        note(
            "A video alert finished after a newer video came: "
                + FaultLine.either(
                    kept, "the next video still waits for that video.",
                    else: FaultLine(
                        "the next video does not wait for the newer one (`finished`)",
                        hint: "forget an operation only in the categories it is still the last of")))
        for operation in [video, nextVideo] { exclusivity.finished(operation, categories: ["newer video"]) }
        return kept
    }
}
