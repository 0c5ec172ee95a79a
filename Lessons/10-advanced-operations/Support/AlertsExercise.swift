import Foundation
import RaceLabKit

/// Exercise 10's driver, not the attendee's to edit: alerts that must come one at a time, through the
/// attendee's `Exclusivity` (lesson 10, page 9), and a video of another category that must not wait
/// for them. It judges by meaning, from the operations' own starts and ends.
public enum AlertsExercise {
    enum Alert {}
    enum Video {}

    /// An operation of `seconds` lesson seconds in one exclusivity category, counting what is on screen.
    enum Kind { case alert, video }

    /// An operation on screen for `seconds` (a Step that says nothing), in the exclusivity categories
    /// of `kinds`, in that order; `onStart` runs as it appears.
    static func shown(_ name: String, _ seconds: Double, _ kinds: [Kind], screen: Screen, onStart: @escaping @Sendable () -> Void = {}) -> Step {
        let step = Step(
            name, seconds, narrates: false,
            onStart: { _ in
                screen.appears(name, Set(kinds))
                onStart()
            },
            onFinish: { _ in screen.leaves(name) })
        for kind in kinds { step.addCondition(kind == .alert ? MutuallyExclusive<Alert>() : MutuallyExclusive<Video>()) }
        return step
    }

    /// What is on screen: the most alerts and the most videos at once, whether a video shared the
    /// screen with an alert, and every appearance with its start and end.
    /// @unchecked Sendable: all its state is in one `Locked`.
    final class Screen: @unchecked Sendable {
        private struct State {
            var onScreen: [String: Set<Kind>] = [:]
            var mostAlerts = 0
            var mostVideos = 0
            var videoBesideAlert = false
            var shown: [String] = []
            var started: [String: Double] = [:]
            var ended: [String: Double] = [:]
        }

        private let state = Locked(State())
        var mostAlerts: Int { state.current.mostAlerts }
        var mostVideos: Int { state.current.mostVideos }
        var videoBesideAlert: Bool { state.current.videoBesideAlert }
        var shown: [String] { state.current.shown }
        func started(_ name: String) -> Double? { state.current.started[name] }
        func ended(_ name: String) -> Double? { state.current.ended[name] }

        func appears(_ name: String, _ kinds: Set<Kind>) {
            state.withLock { screen in
                screen.onScreen[name] = kinds
                let kinds = Array(screen.onScreen.values)
                screen.mostAlerts = max(screen.mostAlerts, kinds.filter { $0.contains(.alert) }.count)
                screen.mostVideos = max(screen.mostVideos, kinds.filter { $0.contains(.video) }.count)
                if kinds.contains([.video]) && kinds.contains([.alert]) { screen.videoBesideAlert = true }
                screen.shown.append(name)
                screen.started[name] = LessonClock.shared.now
            }
        }

        func leaves(_ name: String) {
            state.withLock { screen in
                screen.onScreen[name] = nil
                screen.ended[name] = LessonClock.shared.now
            }
        }
    }

    public static func makeLesson(_ exclusivity: Exclusivity) -> Lesson {
        let lesson = Lesson("RaceLab exercise 10: one alert at a time", seeded: true)
        lesson.page("Alerts from three threads, a video, and a late alert") { page in
            let longLived = LongLived(exclusivity)
            let booksKept = bookkeeping(exclusivity)
            let screen = Screen()
            // Three queues: one for each thread of round 1, so that no queue's lock orders their calls.
            let queues = (1...3).map { _ in ToolkitQueue(exclusivity: exclusivity) }
            // Round 1: three threads, released together, each add 12 to 24 alerts of 0.03 to 0.08 s (from
            // the seed), interleaved; a video of 0.6 to 1.2 s is added beside them.
            var scenario = page.scenario
            let counts = (1...3).map { _ in scenario.int(in: 12...24) }
            let length = scenario.seconds(in: 0.03...0.08, step: 0.01)
            let film = scenario.seconds(in: 0.6...1.2, step: 0.1)
            note("Round 1: three threads add \(counts.map(String.init).joined(separator: ", ")) alerts of \(fixed(length, decimals: 2)) s each, beside a video of \(seconds(film)).")
            let round1 = (1...3).map { thread in (1...counts[thread - 1]).map { shown("alert \(thread)-\($0)", length, [.alert], screen: screen) } }
            let video = shown("video", film, [.video], screen: screen)
            let added = startTogether(round1.count) { thread in
                for alert in round1[thread] {
                    queues[thread].addOperation(alert)
                    sleep(lessonSeconds: 0.01)  // the threads' alerts come interleaved, not one thread's after another's
                }
            }
            queues[1].addOperation(video)
            page.finish {
                // An exclusivity without its lock can corrupt its dictionary and spin for good.
                guard Watchdog.wait(for: added, upTo: 5, "the threads adding round 1's alerts") else {
                    return judge(screen, false, alerts: counts.reduce(3, +), booksKept: booksKept, longLived: nil)
                }
                // One alert at a time: up to 72 × 0.08 s = 5.76 s in a row, beside the video. (A fixed 5 s
                // stopped a right answer on such seeds: seed 825's 68 alerts of 0.08 s.)
                let alone = Double(counts.reduce(0, +)) * length + film
                let round1Done = Watchdog.run(upTo: alone + 3, "round 1's alerts and the video") {
                    for operation in round1.joined() + [video] { operation.waitUntilFinished() }
                }
                // Round 2: X, then Y, beside a video of 1 s; once Y is on screen (so X has been
                // dismissed), Z, and a video alert of both categories (alert first).
                let late = shown("alert Z", 0.25, [.alert], screen: screen)
                let both = shown("video alert", 0.25, [.alert, .video], screen: screen)
                let first = shown("alert X", 0.25, [.alert], screen: screen)
                let secondFilm = shown("video 2", 1, [.video], screen: screen)
                let second = shown("alert Y", 0.25, [.alert], screen: screen) {
                    DispatchQueue.global().asyncAfter(lessonSeconds: 0.1) {
                        queues[1].addOperation(late)
                        queues[2].addOperation(both)
                    }
                }
                queues[0].addOperation(first)
                queues[2].addOperation(secondFilm)
                queues[1].addOperation(second)
                let round2Done = Watchdog.run(upTo: 5, "round 2's operations") {
                    for operation in [first, secondFilm, second, late, both] { operation.waitUntilFinished() }
                }
                if !(round1Done && round2Done) {
                    for queue in queues { queue.cancelAllOperations() }
                }
                judge(screen, round1Done && round2Done, alerts: counts.reduce(3, +), booksKept: booksKept, longLived: longLived)
            }
        }
        return lesson
    }

    /// Round 0: three threads tell `exclusivity` of 200 operations each, all at once and as fast as they
    /// can (operations that never run), burst after burst: each must end up waiting, directly or not,
    /// for every one recorded before it. Then one thread records 200 more while another reports the first 600
    /// finished: the new ones too must wait for each other, and one more recorded after them for the
    /// last of them. Lost updates, or a `finished` that forgets a newer operation, break the order.
    static func bookkeeping(_ exclusivity: Exclusivity) -> Bool {
        // Bursts of 600, each in a category of its own, until one is out of order: at least 8 and 0.2 s
        // of real time, at most 40 or 3 s. One burst alone missed a check and its act in two critical
        // sections 1 time in 4 (an adversarial round's check-act-split passed 1 of 6 runs).
        var (lastBurst, firstOrdered, lastCategory, stuck) = ([Operation](), true, ["bookkeeping"], false)
        let bursts = playRounds(atLeast: 8, andSeconds: 0.2, atMost: 40, forAtMost: 3) { number in
            let burst = ["bookkeeping \(number)"]
            let first = (0..<3).map { _ in (0..<200).map { _ in BlockOperation() } }
            let done = RelaxedWord()  // how many `added` calls returned: slow is not stuck
            let recorded = startTogether(first.count) { thread in
                for operation in first[thread] {
                    exclusivity.added(operation, categories: burst)
                    done.add(1)
                }
            }
            // A right fix records a burst in milliseconds. Not done after 10 s: still going is too slow
            // (the runner would stop the run as a hang before 40 s), not going is stuck.
            if recorded.wait(timeout: LessonClock.shared.deadline(after: 10)) == .timedOut {
                let before = done.value
                sleep(lessonSeconds: 1)
                if done.value > before {
                    stuck = true
                    note("Three threads recording 600 operations: \(done.value) of 600 recorded after 11 s, and still going: not stuck, but far")
                    note("too slow   <- keep added() and finished() quick: a new operation needs a dependency on the last one of its category, not on every earlier one")
                } else {
                    stuck = !Watchdog.wait(for: recorded, upTo: 29, "three threads recording 600 operations")
                }
            }
            (lastBurst, lastCategory) = (Array(first.joined()), burst)
            firstOrdered = !stuck && isTotallyOrdered(lastBurst)
            return firstOrdered
        }
        guard !stuck else { return false }
        let (firstAll, category) = (lastBurst, lastCategory)
        note("\(bursts) bursts of 600 operations, each recorded by three threads at once: " + (firstOrdered
            ? "each waits for every one recorded before it."
            : "in the last, some do not wait for the ones before   <- each must wait for the one recorded before it"))
        let second = (0..<200).map { _ in BlockOperation() }
        let both = startTogether(2) { thread in
            if thread == 0 {
                for operation in second { exclusivity.added(operation, categories: category) }
            } else {
                for operation in firstAll { exclusivity.finished(operation, categories: category) }
            }
        }
        guard Watchdog.wait(for: both, upTo: 40, "recording 200 while 600 finish") else { return false }
        let next = BlockOperation()
        exclusivity.added(next, categories: category)
        let secondOrdered = isTotallyOrdered(second + [next]) && ancestors(of: [next] + second)[0].nonzeroBitCount == second.count
        note("200 more recorded while the first 600 finished, then one: " + (secondOrdered
            ? "each waits for every one before it."
            : "some do not wait for the ones before   <- finishing an old operation must not forget a newer one"))
        for operation in second + [next] { exclusivity.finished(operation, categories: category) }
        return twoCategories(exclusivity) && finishTheNewest(exclusivity) && firstOrdered && secondOrdered
    }

    /// Operations of two categories: two threads add one each at the same moment (`Lockstep`), one
    /// naming the categories alert first, the other video first, step after step, in groups of 200
    /// steps with categories of their own; each must wait for every one added before it (a lock taken
    /// per category lets two of them wait for each other: a cycle). Until 400 steps overlapped, at
    /// least 0.2 s, at most 3 s. Then a video alert finishes while a newer video is the last video: the
    /// next video must still wait for that one.
    static func twoCategories(_ exclusivity: Exclusivity) -> Bool {
        // A lock taken once per category made a cycle only now and then in bursts of 200 adds a thread
        // (caught in 19 of 20 loaded runs); added at the same moment, step after step, it shows when the two
        // threads run at once.
        let group = 200
        let groups = Locked<[(alertFirst: [BlockOperation], videoFirst: [BlockOperation])]>([])
        let categories = { (step: Int) in ["both alert \(step / group)", "both video \(step / group)"] }
        let round = Lockstep(steps: 100 * group, goal: 400, atLeast: 0.2, atMost: 3, prepare: { step in
            let made = { (0..<group).map { _ in BlockOperation() } }
            groups.withLock { if $0.count == step / group { $0.append((made(), made())) } }
            return true
        }, call: { thread, step in
            let pair = groups.current[step / group]
            let (operation, names) = thread == 0 ? (pair.alertFirst, categories(step)) : (pair.videoFirst, Array(categories(step).reversed()))
            exclusivity.added(operation[step % group], categories: names)
            return true
        }, judge: { step in
            guard (step + 1) % group == 0 else { return true }
            let pair = groups.current[step / group]
            return isTotallyOrdered(pair.alertFirst + pair.videoFirst)  // false: out of order, decided
        })
        guard Watchdog.wait(for: round.done, upTo: 10 * LessonClock.shared.speed, "two threads adding operations of two categories") else { return false }
        let played = groups.current.enumerated().map { index, pair in
            let count = min(group, max(0, round.played - index * group))
            return Array(pair.alertFirst.prefix(count)) + Array(pair.videoFirst.prefix(count))
        }
        let ordered = played.allSatisfy(isTotallyOrdered)
        note("\(round.played) pairs of operations of two categories, added at the same moment (\(round.overlapped) overlapped), their")
        note("categories named in either order: " + (ordered
            ? "each waits for every one before it."
            : "some do not, or wait for each other   <- one critical section for all of an operation's categories"))
        round.sayIfShort(unseen: "a critical section split in two")
        for (index, operations) in played.enumerated() {
            for operation in operations { exclusivity.finished(operation, categories: categories(index * group)) }
        }
        let (videoAlert, video, nextVideo) = (BlockOperation(), BlockOperation(), BlockOperation())
        exclusivity.added(videoAlert, categories: ["newer alert", "newer video"])
        exclusivity.added(video, categories: ["newer video"])
        exclusivity.finished(videoAlert, categories: ["newer alert", "newer video"])
        exclusivity.added(nextVideo, categories: ["newer video"])
        let kept = nextVideo.dependencies.contains(video)
        note("A video alert finished after a newer video came: " + (kept
            ? "the next video still waits for that video."
            : "the next video does not wait for the newer one   <- forget an operation only in the categories it is still the last of"))
        for operation in [video, nextVideo] { exclusivity.finished(operation, categories: ["newer video"]) }
        return ordered && kept && reportedLate(exclusivity) && sharedCategory(exclusivity)
    }

    /// An alert of one category added after a video alert (both categories) waits for it: the last of
    /// each category is kept, not the last of each set of categories.
    static func sharedCategory(_ exclusivity: Exclusivity) -> Bool {
        let (videoAlert, alert) = (BlockOperation(), BlockOperation())
        exclusivity.added(videoAlert, categories: ["shared alert", "shared video"])
        exclusivity.added(alert, categories: ["shared alert"])
        let waits = alert.dependencies.contains(videoAlert)
        note("An alert added after a video alert: " + (waits
            ? "it waits for it."
            : "it does not wait for it   <- keep the last operation of each category, not of each set of categories"))
        exclusivity.finished(videoAlert, categories: ["shared alert", "shared video"])
        exclusivity.finished(alert, categories: ["shared alert"])
        return waits
    }

    /// The toolkit reports an operation finished a moment after it has finished: an alert added in
    /// between may skip waiting for it, but must still be recorded as the last of its category, so
    /// that the next alert waits for it.
    static func reportedLate(_ exclusivity: Exclusivity) -> Bool {
        let category = ["reported late"]
        let (done, between, next) = (BlockOperation {}, BlockOperation(), BlockOperation())
        exclusivity.added(done, categories: category)
        done.start()  // finished now; the report comes after the next alert is added
        exclusivity.added(between, categories: category)
        exclusivity.finished(done, categories: category)
        exclusivity.added(next, categories: category)
        let waits = ancestors(of: [next, between])[0].nonzeroBitCount == 1
        note("An alert added after the last had finished, before that was reported: " + (waits
            ? "the next still waits for it."
            : "the next does not wait for it   <- record every new operation as the last of its categories"))
        for operation in [between, next] { exclusivity.finished(operation, categories: category) }
        return waits
    }

    /// Round 0, last part: alerts dismissed as soon as they appear. The alerts have sixteen categories
    /// each. One thread adds A, asks another to report A finished, and as soon as that report has
    /// begun adds B, then at once one alert C in each of the sixteen categories alone. The report for A
    /// may come before or after B in each category, but every C must wait for B, which nobody
    /// reported finished. A `finished` that checks "still the last?" and forgets in two critical
    /// sections forgets B where B comes in between. Until 150 rounds overlapped, at least 0.2 s, at most 3 s.
    static func finishTheNewest(_ exclusivity: Exclusivity) -> Bool {
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
        let round = Lockstep(steps: limit, goal: 150, atLeast: 0.2, atMost: 3, spin: 256, prepare: { round in
            exclusivity.added(reported[round], categories: categories)
            kept.withLock { if $0.count == round { $0.append((BlockOperation(), categories.map { _ in BlockOperation() })) } }
            return true
        }, call: { thread, round in
            if thread == 0 {
                exclusivity.added(kept.current[round].b, categories: categories)
            } else {
                exclusivity.finished(reported[round], categories: categories)
            }
            return true
        }, judge: { round in
            let (b, c) = kept.current[round]
            for (alone, category) in zip(c, categories) { exclusivity.added(alone, categories: [category]) }
            return c.allSatisfy { $0.dependencies.contains(b) }  // false: one forgotten, decided
        })
        // The round's bounds are real seconds (at most 3); the watchdog's, lesson seconds: 10 real ones.
        guard Watchdog.wait(for: round.done, upTo: 10 * LessonClock.shared.speed, "adding alerts while the newest is reported finished") else { return false }
        let played = kept.current.prefix(round.played)
        let forgotten = played.reduce(0) { count, round in count + round.c.filter { !$0.dependencies.contains(round.b) }.count }
        note("\(played.count) alerts dismissed as they appeared while the next came: " + (forgotten == 0
            ? "each alert after them waited for the one before."
            : "\(forgotten) times the next did not wait for one nobody had dismissed   <- finished must check and forget in one critical section"))
        round.sayIfShort(unseen: "a critical section split in two")
        for (a, round) in zip(reported, played) {
            exclusivity.finished(a, categories: categories)
            exclusivity.finished(round.b, categories: categories)
            for (alone, category) in zip(round.c, categories) { exclusivity.finished(alone, categories: [category]) }
        }
        return forgotten == 0
    }

    /// Whether every operation waits, directly or through others, for all of `operations` before it in
    /// some order: then the numbers of operations each waits for are 0, 1, 2… all different.
    static func isTotallyOrdered(_ operations: [Operation]) -> Bool {
        let counts = ancestors(of: operations).map { $0.nonzeroBitCount }
        return Set(counts).count == operations.count
    }

    /// For each of `operations`, which of them it waits for, directly or not (dependencies outside
    /// the list are not followed), as bits.
    static func ancestors(of operations: [Operation]) -> [Bits] {
        let index = Dictionary(uniqueKeysWithValues: operations.enumerated().map { (ObjectIdentifier($1), $0) })
        let direct = operations.map { $0.dependencies.compactMap { index[ObjectIdentifier($0)] } }
        var memo = [Bits?](repeating: nil, count: operations.count)
        var visiting = Set<Int>()
        func of(_ node: Int) -> Bits {
            if let known = memo[node] { return known }
            var bits = Bits(count: operations.count)
            guard visiting.insert(node).inserted else { return bits }  // a cycle: stop here
            for parent in direct[node] {
                bits.insert(parent)
                bits.formUnion(of(parent))
            }
            visiting.remove(node)
            memo[node] = bits
            return bits
        }
        return operations.indices.map(of)
    }

    /// A set of small integers, for `ancestors(of:)`.
    struct Bits {
        private var words: [UInt64]
        init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }
        mutating func insert(_ bit: Int) { words[bit / 64] |= 1 << UInt64(bit % 64) }
        mutating func formUnion(_ other: Bits) { for i in words.indices { words[i] |= other.words[i] } }
        var nonzeroBitCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
    }

    /// An alert that stays around all along: added as the page begins, in a category of its own, and
    /// never reported finished. The next alert of its category, added at least 2.5 s of real time later
    /// (however long the rounds took), must still wait for it: how long an alert has been around says
    /// nothing of whether it has been dismissed (an adversarial round's "surely dismissed after 2 s"
    /// passed before). A threshold longer than the run cannot be told from a right answer (README).
    struct LongLived {
        static let category = ["long-lived alert"]
        static let age = 2.5
        let exclusivity: Exclusivity
        let first = BlockOperation()
        let since = Date()

        init(_ exclusivity: Exclusivity) {
            self.exclusivity = exclusivity
            exclusivity.added(first, categories: Self.category)
        }

        func nextWaits() -> Bool {
            let left = Self.age - Date().timeIntervalSince(since)
            if left > 0 { Thread.sleep(forTimeInterval: left) }
            let next = BlockOperation()
            let age = Date().timeIntervalSince(since)
            exclusivity.added(next, categories: Self.category)
            let waits = next.dependencies.contains(first)
            note("An alert added \(fixed(age, decimals: 1)) s of real time after the last of its category, still around: " + (waits
                ? "it waits for it."
                : "it does not wait for it   <- an alert still around is the last of its category, however long ago it came"))
            for operation in [first, next] { exclusivity.finished(operation, categories: Self.category) }
            return waits
        }
    }

    static func judge(_ screen: Screen, _ finished: Bool, alerts expected: Int, booksKept: Bool, longLived: LongLived?) {
        var wrong = booksKept ? 0 : 1
        let shown = screen.shown
        let alerts = shown.filter { $0.hasPrefix("alert") }
        let everyOnce = alerts.count == expected && Set(alerts).count == expected
        note("Alerts shown: \(alerts.count) of \(expected)\(everyOnce ? ", each once." : "   <- every alert must be shown, once")")
        if !everyOnce || !finished { wrong += 1 }
        let most = screen.mostAlerts
        note("Most alerts on screen at once: \(most)\(most == 1 ? "." : "   <- one at a time: each waits for the last one of its category still around")")
        if most != 1 { wrong += 1 }
        let videos = screen.mostVideos
        note("Most videos on screen at once: \(videos)\(videos == 1 ? "." : "   <- one at a time too: an operation of two categories waits for the last of each")")
        if videos != 1 { wrong += 1 }
        note(screen.videoBesideAlert ? "The video played while alerts came and went." : "The video never shared the screen with an alert   <- it is not an alert: it need not wait")
        if !screen.videoBesideAlert { wrong += 1 }
        if let yEnded = screen.ended("alert Y"), let zStarted = screen.started("alert Z"), zStarted + 0.001 >= yEnded {
            note("Alert Z, added while Y was on screen, waited for Y.")
        } else {
            wrong += 1
            note("Alert Z, added while Y was on screen, did not wait for Y   <- the last alert still around is Y")
        }
        if let longLived, !longLived.nextWaits() { wrong += 1 }
        note(wrong == 0 ? "One alert at a time, whatever thread or queue: mutually exclusive." : "Not mutually exclusive yet.")
    }
}
