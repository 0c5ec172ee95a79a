import Foundation
import RaceLabKit

extension FeedExercise {
    /// Watches each load, on the main queue.
    /// @unchecked Sendable: its vars are touched on the main queue only; `feeds` and `faults` are `let`.
    final class Referee: @unchecked Sendable {
        let feeds: [[FeedItem]]
        private var completions: [Int] = []  // per feed; main queue only
        private var aside: Set<Int> = []  // feeds loaded aside; main queue only
        private var asideLines: [Int: String] = [:]  // their success lines, said at the end; main queue only
        private var underWay: Set<Int> = []  // feeds loading, not yet resolved; main queue only
        private var sharedTime: Set<Int> = []  // feeds that were loading while another was; main queue only
        /// Feeds too many to say one by one (a crowd loaded at once): their success is counted and said
        /// once the round is over. Main queue only.
        var quiet: Set<Int> = []
        /// Feeds played only for a loader right so far: the crowd's (one that waits on the main queue
        /// would wait for each in turn, minutes in all), and the big feed (one that fetches one after
        /// another would take minutes). Main queue only.
        var rightSoFarOnly: Set<Int> = []
        /// What the crowd's loads came to so far in its round. Main queue only.
        private var crowd = CrowdTally()

        struct CrowdTally {
            /// The feeds that completed right.
            var right = 0
            /// The faults, as they came: said once the round is over, the first of them and how many
            /// more (a wrong loader would otherwise print one a feed).
            var faults: [(line: FaultLine, late: String?)] = []
            /// How late each late completion came after its fetch.
            var late: [Double] = []
            /// The threads the process had before the crowd's loads, and the most it had while their
            /// fetches were out (nil where they cannot be counted).
            var threads: (before: Int, most: Int)?
            /// How often the process woke, a second of real time, and how many cores it kept busy, while
            /// the crowd's fetches were out and none had called back (nil where it cannot be counted).
            var idle: (wakeups: Double, cores: Double)?
        }
        let faults = Faults()

        init(feeds: [[FeedItem]]) {
            self.feeds = feeds
            completions = Array(repeating: 0, count: feeds.count)
        }

        /// Plays `rounds` one after another: says each one's line, loads its feeds (the first round's
        /// followed by `aside`); then runs `then`.
        func play(
            _ rounds: ArraySlice<(line: String?, feeds: [Int])>, with loader: FeedLoading, aside: () -> Void = {},
            then: @escaping () -> Void
        ) {
            guard let round = rounds.first else { return then() }
            let feeds = round.feeds.filter(quiet.contains).count  // of the crowd
            if round.feeds.contains(where: rightSoFarOnly.contains) && faults.count > 0 {
                let name = round.line?.components(separatedBy: ":").first ?? "the crowd"
                say("\(name): not played, the loader is not right yet")
                return play(rounds.dropFirst(), with: loader, then: then)
            }
            if let line = round.line { say(line) }
            let threadsBefore = feeds > 0 ? ProcessThreads.count() : nil
            load(round.feeds, with: loader, aside: aside) {
                if feeds > 0 {
                    let tally = self.crowd
                    self.crowd = CrowdTally()
                    say(
                        "\(tally.right) of the \(feeds) feeds completed right: once, on the main queue, in"
                            + " order, within 0.25 s of their fetch")
                    if let latest = tally.late.max() {
                        // Loads queued behind others that hold the pool's threads: each waits for one.
                        self.faults.say(
                            FaultLine(
                                "\(tally.late.count) of the \(feeds) feeds loaded at once completed late, the"
                                    + " latest \(seconds(latest)) after its fetch: did each load hold a thread until its"
                                    + " fetches were in (a `wait`)? The loads behind it waited for one",
                                hint: "hold no thread while the fetches are out, not even on a global queue: notify"),
                            late: "a busy machine can delay completions that much too.")
                    }
                    if let threads = tally.threads, threads.most - threads.before > feeds / 2 {
                        // A thread per load, not one of the pool's: none waits behind another, so none
                        // is late, but every load holds one while its fetches are out.
                        self.faults.say(
                            FaultLine(
                                "while the \(feeds) feeds' fetches were out, the process had"
                                    + " \(threads.most - threads.before) threads more than before they were loaded:"
                                    + " did each load hold a `Thread` of its own until its fetches were in (a `wait`)?",
                                hint: "hold no thread while the fetches are out, not even one of your own: notify"))
                    }
                    if let idle = tally.idle,
                        idle.wakeups > FeedExercise.wakeupLimit || idle.cores > FeedExercise.busyLimit
                    {
                        // Nothing is due then: a right loader sleeps, and the driver's frames wake the process
                        // about 170 times a second; a poll every millisecond of each load, 20,000 times; a
                        // block that sends itself again at once wakes nothing, and keeps a core busy.
                        self.faults.say(
                            FaultLine(
                                "while the \(feeds) feeds' fetches were out, and none had called back, the process woke"
                                    + " \(Int(idle.wakeups)) times a second and kept \(Int(idle.cores * 100))% of a core"
                                    + " busy, where a loader that sleeps until a fetch calls back leaves it under"
                                    + " \(Int(FeedExercise.wakeupLimit)) and \(Int(FeedExercise.busyLimit * 100))%: does"
                                    + " something look again and again whether every text is in (a poll: `asyncAfter`,"
                                    + " `makeTimerSource`, a `Timer`, `sleep`, a block that sends itself again with `async`)?",
                                hint: "complete when the last fetch calls back, not when a timer next looks"),
                            late: "other work on a busy machine can wake the process that often too.")
                    }
                    if let first = tally.faults.first {
                        let more = tally.faults.count - 1
                        let seen = first.line.seen + (more > 0 ? " (and \(more) more faults of the crowd)" : "")
                        // Late only when every one of them was.
                        let late = tally.faults.allSatisfy { $0.late != nil } ? first.late : nil
                        self.faults.say(FaultLine(seen, hint: first.line.hint), late: late)
                    }
                }
                self.play(rounds.dropFirst(), with: loader, then: then)
            }
            if let threadsBefore { countThreads(from: threadsBefore) }
        }

        /// Counts the process's threads while the crowd's fetches are out (the first calls back 0.5 s
        /// after the loads), the most of four looks kept in `crowd`, and how often it woke between the
        /// first look and the last.
        private func countThreads(from before: Int) {
            var woken: ProcessWakeups.Window?  // from the first look to the last; main queue only
            for look in 1...4 {
                DispatchQueue.main.asyncAfter(lessonSeconds: 0.1 * Double(look)) {
                    if look == 1 { woken = ProcessWakeups.Window() }
                    if look == 4, let (wakeups, cpu, seconds) = woken?.measured(), seconds > 0 {
                        self.crowd.idle = (Double(wakeups) / seconds, cpu / seconds)
                    }
                    guard let now = ProcessThreads.count() else { return }
                    self.crowd.threads = (before, max(now, self.crowd.threads?.most ?? now))
                }
            }
        }

        /// Loads the feeds `indices`, one after another at once; once each completed (or its time is
        /// up), and a moment more for a second completion, runs `then` on the main queue.
        func load(_ indices: [Int], with loader: FeedLoading, aside: () -> Void = {}, then: @escaping () -> Void) {
            let resolved = DispatchGroup()  // the driver's own, entered and left on the main queue only
            for index in indices { load(index, with: loader, resolved: resolved) }
            aside()
            resolved.notify(queue: .main) { DispatchQueue.main.asyncAfter(lessonSeconds: 0.3, execute: then) }
        }

        /// Loads feed `index` while rounds go on. Returns what runs `then` on the main queue once it
        /// completed (or its time is up), and a moment more for a second completion.
        func loadAside(_ index: Int, with loader: FeedLoading) -> (_ then: @escaping () -> Void) -> Void {
            let resolved = DispatchGroup()
            aside.insert(index)
            load(index, with: loader, resolved: resolved)
            return { then in
                resolved.notify(queue: .main) {
                    DispatchQueue.main.asyncAfter(lessonSeconds: 0.3) {
                        if let line = self.asideLines[index] { say(line) }
                        then()
                    }
                }
            }
        }

        private func load(_ index: Int, with loader: FeedLoading, resolved: DispatchGroup) {
            dispatchPrecondition(condition: .onQueue(.main))
            /// A fault of this load: said now, or, for a feed of the crowd, once its round is over.
            func fault(_ line: FaultLine, late why: String? = nil) {
                if quiet.contains(index) { crowd.faults.append((line, why)) } else { self.fault(line, late: why) }
            }
            let items = feeds[index]
            let expected = items.map(\.text)
            let name = "feed \(index + 1)"
            var finished = false
            resolved.enter()
            if !underWay.isEmpty { sharedTime.formUnion(underWay.union([index])) }
            underWay.insert(index)
            func resolve() {
                if !finished {
                    finished = true
                    underWay.remove(index)
                    resolved.leave()
                }
            }
            // Set once `load` has returned: a completion made inside `load` comes before it.
            let returned = Locked(false)
            loader.load(items) { texts in
                let onMain = isOnMainQueue
                let beforeReturn = !returned.current
                // On the thread that completes: was each callback ordered before it? (ThreadSanitizer judges.)
                if texts == expected { items.lookAtHandovers() }
                let report = {
                    self.completions[index] += 1
                    if self.completions[index] > 1 {
                        fault(
                            FaultLine(
                                "\(name)\(items.isEmpty ? " (an empty feed)" : "") completed again: `completion` called twice",
                                hint: "complete once"))
                    } else if !onMain {
                        fault(
                            FaultLine(
                                "\(name)\(items.isEmpty ? " (an empty feed)" : ""): `completion` called off the main queue",
                                hint: "call completion on the main queue"))
                    } else if beforeReturn && (items.isEmpty || items[0].callsBackFirst) {
                        // (A feed whose fetches call back later and that completes inside `load` waited there:
                        // said when it returns. Where they call back before they return, nothing waited:
                        // adversarial round 15, a loader that completed at once when all were in, passed.)
                        fault(
                            FaultLine(
                                "\(name)\(items.isEmpty ? " (an empty feed)" : ""): \(CompletedInside.words)",
                                hint: "complete later, once load has returned, an empty feed too: the caller may set up"
                                    + " what its completion needs after the call"))
                    } else if texts != expected {
                        fault(Self.wrongTexts(texts, of: items, in: name))
                    } else if let outAtOnce = Self.askedAtFirstArrival(items), outAtOnce < items.count {
                        // Every fetch takes 0.2 s or more (lesson time): asked for at once, all are out before
                        // the first calls back. One after another, the feed takes the sum of their times.
                        fault(
                            FaultLine(
                                "\(name): only \(outAtOnce) of its \(items.count) fetches were out when the first called"
                                    + " back: `fetch` was called "
                                    + (outAtOnce > 1 ? "a few at a time" : "one after another")
                                    + ", so the feed took longer than its slowest fetch",
                                hint: "start every fetch at once"),
                            late: "a busy machine can hold up fetches started at once.")
                    } else if let last = items.first?.lastArrival.value, LessonClock.shared.now > last + 0.25,
                        !self.aside.contains(index)
                    {
                        // (Not asked of feed 7, whose completion may fall in round 6, which keeps the main queue busy.)
                        let after = seconds(LessonClock.shared.now - last)
                        if self.quiet.contains(index) {
                            self.crowd.late.append(LessonClock.shared.now - last)
                            return resolve()
                        }
                        fault(
                            FaultLine(
                                "\(name)'s `completion` came \(after) after its last fetch called back",
                                hint: "complete as soon as every fetch is in"),
                            late: "a busy machine can delay a completion that much too.")
                    } else if self.quiet.contains(index) {
                        self.crowd.right += 1
                    } else if self.aside.contains(index) {
                        // Said when the rounds are over: its moment among the rounds' lines varies.
                        self.asideLines[index] =
                            "\(name) had completed at \(seconds(LessonClock.shared.now)):"
                            + " \(texts.count) texts, in order, on the main queue"
                    } else {
                        say("\(name) completed: \(texts.count) texts, in order, on the main queue")
                    }
                    resolve()
                }
                if onMain { report() } else { DispatchQueue.main.async(execute: report) }
            }
            returned.withLock { $0 = true }
            // When load returned: had any fetch called back? Then it waited for them. (Not asked where
            // the driver's fetches call back before they return.)
            let early = items.first.map { $0.callsBackFirst ? 0 : Int($0.arrived.value) } ?? 0
            if early == items.count && early > 0 {
                fault(
                    FaultLine(
                        "\(name): load returned after every fetch had called back (a `wait` on the main queue)",
                        hint: "do not wait on the main queue: use notify"))
            } else if early > 0 {
                fault(
                    FaultLine(
                        "\(name): load returned after \(early) fetch(es) had called back",
                        hint: "return at once"),
                    late: "a busy machine can hold up a load that returns at once.")
            }
            let patience = items.map(\.latency).reduce(0, +) + 2  // fetched one after another, even
            DispatchQueue.main.asyncAfter(lessonSeconds: patience) {
                if !finished {
                    // Why, as far as the driver can tell: a feed with no fetch; one that loaded beside another
                    // (a fetch not counted out, or what the two share); one that loaded alone (a fetch not counted out).
                    let why =
                        items.isEmpty
                        ? "every load completes, an empty feed too"
                        : self.sharedTime.contains(index)
                            ? "every load completes once its own fetches are in: does each `enter` have its `leave`, and"
                                + " do two loads share no group, count or queue?"
                            : "every load completes once every fetch has called back: does each `enter` have its `leave`?"
                    fault(
                        FaultLine(
                            "\(name)\(items.isEmpty ? " (an empty feed)" : "") never completed: `completion` never called",
                            hint: why))
                    resolve()
                }
            }
        }

        func summary() {
            faults.sayTimingIfOnlyLate()
            note(
                faults.count == 0
                    ? "Every load returned at once and completed once, on the main queue, with every text in order."
                    : "The feed loader is not right yet.")
        }

        /// Says a fault; `late`, when a busy machine could cause it too, says how.
        func fault(_ line: FaultLine, late why: String? = nil) {
            faults.say(line, late: why)
        }

        /// What is wrong with `texts`, a completion of `items` (feed `name`) with other texts than theirs:
        /// its own texts missing, some twice, or texts that are none of its items' (another load's).
        /// How many of the feed's fetches had been asked for when its first called back; nil where that
        /// says nothing: an empty feed, one of one item, or fetches that call back at once.
        static func askedAtFirstArrival(_ items: [FeedItem]) -> Int? {
            guard items.count > 1, let first = items.first, !first.callsBackFirst, first.shelved == nil,
                items.allSatisfy({ $0.latency >= 0.2 })
            else { return nil }
            let asked = first.asked.atFirstArrival.value
            return asked == UInt64.max ? nil : Int(asked)
        }

        static func wrongTexts(_ texts: [String], of items: [FeedItem], in name: String) -> FaultLine {
            let expected = items.map(\.text)
            let missing = expected.filter { !texts.contains($0) }.count
            // Another load's texts are fetched ones; a text no fetch brought (the "" of a place not yet
            // filled) stands for one of its own missing, not for another load's.
            let others = texts.filter { !expected.contains($0) }
            let foreign = others.filter { $0.hasPrefix(FeedItem.textPrefix) }.count
            let filler = others.count - foreign
            let twice = texts.filter { expected.contains($0) }.count - Set(texts.filter { expected.contains($0) }).count
            // An empty story's text left out: the texts that came are right, but fewer.
            if let empty = items.first(where: \.blank), !texts.contains(""), texts.count == expected.count - 1,
                missing == 1
            {
                return FaultLine(
                    "\(name)'s `completion` got \(texts.count) texts for its \(expected.count) items: \(empty.title),"
                        + " an empty story, brought an empty text, and it was left out",
                    hint: "every item's text, an empty one too")
            }
            if missing + foreign + twice > 0 {
                let found = [
                    missing > 0
                        ? "\(missing) of its own missing" + (filler > 0 ? " (\(filler) left unfilled)" : "") : nil,
                    twice > 0 ? "\(twice) of its own twice" : nil,
                    foreign > 0 ? "\(foreign) from none of its items" : nil,
                ].compactMap { $0 }
                let seen =
                    "\(name)'s `completion` got \(texts.count) texts for its \(expected.count) items: "
                    + found.joined(separator: ", ")
                if foreign > 0 {
                    return FaultLine(seen, hint: "keep each load's texts to itself: another load's came in")
                }
                if Set(items.map(\.title)).count < items.count, texts.count == expected.count {
                    return FaultLine(seen, hint: "keep each item's own text: two of its items have the same title")
                }
                return FaultLine(
                    seen, hint: missing > 0 ? "complete once every fetch has called back" : "each item's text, once")
            }
            let seen = "\(name)'s `completion` got \(texts.count) of \(expected.count) texts"
            return Set(texts) == Set(expected) && texts.count == expected.count
                ? FaultLine(seen + ", not in the items' order", hint: "keep each text in its item's place")
                : FaultLine(seen, hint: "each item's text, once")
        }
    }
}
