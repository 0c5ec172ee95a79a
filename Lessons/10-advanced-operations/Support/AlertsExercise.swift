import Foundation
import RaceLab

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
                    return judge(screen, false, alerts: counts.reduce(3, +), booksKept: booksKept)
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
                judge(screen, round1Done && round2Done, alerts: counts.reduce(3, +), booksKept: booksKept)
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
            let recorded = startTogether(first.count) { thread in
                for operation in first[thread] { exclusivity.added(operation, categories: burst) }
            }
            stuck = !Watchdog.wait(for: recorded, upTo: 40, "three threads recording 600 operations")
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

    /// Operations of two categories: two threads add 200 each at once, one naming the categories
    /// alert first, the other video first; each must wait for every one added before it (a lock taken
    /// per category lets two of them wait for each other: a cycle). Then a video alert finishes while
    /// a newer video is the last video: the next video must still wait for that one.
    static func twoCategories(_ exclusivity: Exclusivity) -> Bool {
        // Bursts, each with categories of its own, until one is out of order: at least 20 and 0.4 s of
        // real time, at most 80 or 3 s. A lock taken once per category makes a cycle in a burst only
        // now and then (idle, in 1 to 12 bursts): one burst alone let an adversarial round's
        // lock-per-category-section pass 2 of 3 runs.
        var (ordered, stuck) = (true, false)
        let bursts = playRounds(atLeast: 20, andSeconds: 0.4, atMost: 80, forAtMost: 3) { number in
            let (alert, video) = ("both alert \(number)", "both video \(number)")
            let operations = (0..<2).map { _ in (0..<200).map { _ in BlockOperation() } }
            let added = startTogether(2) { thread in
                for operation in operations[thread] {
                    exclusivity.added(operation, categories: thread == 0 ? [alert, video] : [video, alert])
                }
            }
            stuck = !Watchdog.wait(for: added, upTo: 40, "two threads adding operations of two categories")
            guard !stuck else { return false }
            ordered = isTotallyOrdered(operations[0] + operations[1])
            for operation in operations.joined() { exclusivity.finished(operation, categories: [alert, video]) }
            return ordered
        }
        guard !stuck else { return false }
        note("\(bursts) bursts of 400 operations of two categories, added at once, their categories named in either order: " + (ordered
            ? "each waits for every one before it."
            : "in the last, some do not, or wait for each other   <- one critical section for all of an operation's categories"))
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
        return ordered && kept
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
        // thread makes and touches, kept for the check afterwards.
        let reported = (0..<limit).map { _ in BlockOperation() }
        let kept = Locked<[(b: BlockOperation, c: [BlockOperation])]>([])
        let target = RelaxedWord(UInt64.max)  // the round whose A the finisher is to report
        let begun = RelaxedWord(UInt64.max)  // the round the finisher is ready for
        let go = RelaxedWord(UInt64.max)  // the round whose report and B start now
        // When each side's call began and ended in the current round (nanoseconds), and in how many
        // rounds the two calls overlapped: a loaded machine that runs one thread at a time overlaps
        // few, so the round goes on until 150 have (at least 0.2 s, at most 3 s).
        let calls = (0..<4).map { _ in RelaxedWord() }
        let overlaps = RelaxedWord()
        let started = DispatchTime.now().uptimeNanoseconds
        // Both threads start their call when `go` says so, each after a short spin of its own drawn
        // afresh each round, so that B's add falls at every point of the report, round after round.
        func spin(_ count: UInt64, _ random: inout UInt64) {
            random ^= random << 13
            random ^= random >> 7
            random ^= random << 17
            for _ in 0..<(random % count) { _ = go.value }
        }
        // Waits for the other thread, until the round's 3 s are over: returns false then.
        func wait(until word: RelaxedWord, is value: UInt64, or stop: UInt64? = nil) -> Bool {
            var tries = 0
            while word.value != value && word.value != stop {
                tries += 1
                if tries % 64 == 0 {
                    sched_yield()
                    if DispatchTime.now().uptimeNanoseconds - started > 3_000_000_000 { return false }
                }
            }
            return true
        }
        let done = startTogether(2) { thread in
            var random: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(thread)
            if thread == 0 {
                defer { target.value = UInt64.max - 1 }  // tells the finisher to stop
                for round in 0..<limit {
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                    guard elapsed < 3, overlaps.value < 150 || elapsed < 0.2 else { return }
                    let (a, b, c) = (reported[round], BlockOperation(), categories.map { _ in BlockOperation() })
                    exclusivity.added(a, categories: categories)
                    target.value = UInt64(round)
                    guard wait(until: begun, is: UInt64(round)) else { return }
                    go.value = UInt64(round)
                    spin(256, &random)
                    calls[0].value = DispatchTime.now().uptimeNanoseconds
                    exclusivity.added(b, categories: categories)
                    calls[1].value = DispatchTime.now().uptimeNanoseconds
                    guard wait(until: begun, is: UInt64.max - 3 - UInt64(round)) else { return }  // the report is over
                    if calls[0].value < calls[3].value && calls[2].value < calls[1].value { overlaps.add(1) }
                    for (alone, category) in zip(c, categories) { exclusivity.added(alone, categories: [category]) }
                    kept.withLock { $0.append((b, c)) }  // the adding thread's own lock: orders nothing else
                    if c.contains(where: { !$0.dependencies.contains(b) }) { return }  // decided: one forgotten
                }
            } else {
                var lastRound = UInt64.max
                while true {
                    let round = target.value
                    if round == UInt64.max - 1 { return }
                    guard round != UInt64.max, round != lastRound else {
                        guard wait(until: target, is: round &+ 1, or: UInt64.max - 1) else { return }
                        continue
                    }
                    lastRound = round
                    begun.value = round
                    guard wait(until: go, is: round) else { return }
                    spin(256, &random)
                    calls[2].value = DispatchTime.now().uptimeNanoseconds
                    exclusivity.finished(reported[Int(round)], categories: categories)
                    calls[3].value = DispatchTime.now().uptimeNanoseconds
                    begun.value = UInt64.max - 3 - round  // says the report is over
                }
            }
        }
        // The round's bounds are real seconds (at most 3); the watchdog's, lesson seconds: 10 real ones.
        guard Watchdog.wait(for: done, upTo: 10 * LessonClock.shared.speed, "adding alerts while the newest is reported finished") else { return false }
        let played = kept.current
        let forgotten = played.reduce(0) { count, round in count + round.c.filter { !$0.dependencies.contains(round.b) }.count }
        note("\(played.count) alerts dismissed as they appeared while the next came: " + (forgotten == 0
            ? "each alert after them waited for the one before."
            : "\(forgotten) times the next did not wait for one nobody had dismissed   <- finished must check and forget in one critical section"))
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

    static func judge(_ screen: Screen, _ finished: Bool, alerts expected: Int, booksKept: Bool) {
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
        note(wrong == 0 ? "One alert at a time, whatever thread or queue: mutually exclusive." : "Not mutually exclusive yet.")
    }
}
