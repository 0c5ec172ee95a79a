import Foundation
import RaceLab

/// Where round 5's fetches leave their callbacks: the driver's two threads take them from here and
/// call them, instead of a global queue after a latency.
final class CallbackShelf: Sendable {
    private let callbacks = Locked<[Int: @Sendable (String) -> Void]>([:])

    func put(_ slot: Int, _ callback: @escaping @Sendable (String) -> Void) {
        callbacks.withLock { $0[slot] = callback }
    }

    func take(_ slot: Int) -> (@Sendable (String) -> Void)? {
        callbacks.withLock { $0.removeValue(forKey: slot) }
    }
}

/// Exercise 2's round 5, a contention round for the likely split critical section: a count of the
/// fetches still out, decreased in one critical section and checked ("was I the last?") in another.
/// Feeds of two stories; the driver's two threads call the two fetches' callbacks of each feed at the
/// same moment, give or take a spin drawn afresh for each feed, feed after feed, so that one callback
/// falls between the other's two critical sections (the feed then completes twice). It goes on until
/// 300 feeds' two callbacks overlapped in time (at least 0.1 s, at most 3 s of real time, at most 5000
/// feeds: a loaded machine that runs one thread at a time overlaps few), in bouts of two new threads. Every feed whose fetches
/// called back must complete once, on the main queue, with its two texts in order.
final class FeedContention: @unchecked Sendable {
    static let most = 5000
    /// How many overlapped feeds the round plays for.
    static let goal: UInt64 = 300
    private let shelf = CallbackShelf()
    private var completions = [Int](repeating: 0, count: most)  // main queue only
    private var misfits = 0  // completions off the main queue or with other texts; main queue only

    /// Plays the round, then runs `then` on the main queue with the round's faults, in words. Only for
    /// a loader whose loads returned at once in the earlier rounds: every feed is loaded first, on the
    /// main queue, and only then do the threads call back.
    func play(_ loader: FeedLoading, then: @escaping (_ faults: [String]) -> Void) {
        dispatchPrecondition(condition: .onQueue(.main))
        for feed in 0..<Self.most {
            let items = (0..<2).map { story in
                FeedItem(title: "pair \(feed + 1) story \(story + 1)", shelf: (shelf, 2 * feed + story))
            }
            let expected = items.map { "data for \($0.title)" }
            loader.load(items) { [self] texts in
                let onMain = isOnMainQueue
                let report = { [self] in
                    completions[feed] += 1
                    if !onMain || texts != expected { misfits += 1 }
                }
                if onMain { report() } else { DispatchQueue.main.async(execute: report) }
            }
        }
        let played = RelaxedWord(), overlaps = RelaxedWord()
        let done = DispatchGroup()
        done.enter()
        Thread.detachNewThread { [self] in
            // Bouts of at most 0.1 s, each with two new threads: two threads that the machine keeps on
            // one core never meet (measured: 0 of 3889 feeds under load), a new pair may well.
            let started = DispatchTime.now().uptimeNanoseconds
            while Int(played.value) < Self.most {
                let from = Int(played.value)
                (ready.value, go.value, called.value) = (UInt64.max, UInt64.max, UInt64.max)
                startTogether(2) { [self] thread in
                    thread == 0 ? lead(from: from, played: played, overlaps: overlaps, started: started) : follow(from: from)
                }.wait()
                guard Int(played.value) > from, !enough(overlaps, started) else { break }
            }
            done.leave()
        }
        done.notify(queue: .main) { [self] in
            // A moment more for completions still on their way, and for a second one.
            DispatchQueue.main.asyncAfter(lessonSeconds: 0.3) { [self] in
                let count = Int(played.value)
                let twice = completions.prefix(count).filter { $0 > 1 }.count
                let never = completions.prefix(count).filter { $0 == 0 }.count
                note("\(count) feeds of 2 played, \(overlaps.value) of them with both callbacks at the same moment.")
                if overlaps.value < Self.goal {
                    // Measured under `taskset -c 0`: 0 of 4009 feeds met, and a count checked apart passed.
                    note("That is short of the \(Self.goal) the round aims for: this machine seldom ran the two threads at once (one free")
                    note("core?), so a count checked apart from its change may have gone unseen here.")
                }
                var faults: [String] = []
                if twice > 0 { faults.append("\(twice) of them completed twice   <- decrease the count and check it in one critical section (or let a group count)") }
                if never > 0 { faults.append("\(never) of them never completed   <- complete once every fetch has called back") }
                if misfits > 0 { faults.append("\(misfits) completions came off the main queue or without their two texts in order   <- complete on the main queue, each text in its item's place") }
                then(faults)
            }
        }
    }

    /// Whether the round has played enough: 300 overlaps after at least 0.1 s, or 3 s.
    private func enough(_ overlaps: RelaxedWord, _ started: UInt64) -> Bool {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return elapsed >= 3 || (elapsed >= 0.1 && overlaps.value >= Self.goal)
    }

    /// Feed after feed from `from`, for one bout: takes its first fetch's callback, tells the other
    /// thread to go, calls it after a spin of its own, and waits for the other's call.
    private func lead(from: Int, played: RelaxedWord, overlaps: RelaxedWord, started: UInt64) {
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(from)
        let bout = DispatchTime.now().uptimeNanoseconds
        defer { go.value = Self.end }
        for feed in from..<Self.most {
            guard DispatchTime.now().uptimeNanoseconds - bout < 100_000_000, !enough(overlaps, started) else { return }
            guard let callback = waitToTake(2 * feed), waitFor(ready, is: UInt64(feed)) else { return }
            go.value = UInt64(feed)
            spin(&random)
            calls[0].value = DispatchTime.now().uptimeNanoseconds
            callback("data for pair \(feed + 1) story 1")
            calls[1].value = DispatchTime.now().uptimeNanoseconds
            guard waitFor(called, is: UInt64(feed)) else { return }
            if calls[0].value < calls[3].value && calls[2].value < calls[1].value { overlaps.add(1) }
            played.value = UInt64(feed + 1)
        }
    }

    private func follow(from: Int) {
        var random: UInt64 = 0xD1B5_4A32_D192_ED03 &+ UInt64(from)
        for feed in from..<Self.most {
            ready.value = UInt64(feed)
            guard waitFor(go, is: UInt64(feed)), go.value != Self.end, let callback = waitToTake(2 * feed + 1) else { return }
            spin(&random)
            calls[2].value = DispatchTime.now().uptimeNanoseconds
            callback("data for pair \(feed + 1) story 2")
            calls[3].value = DispatchTime.now().uptimeNanoseconds
            called.value = UInt64(feed)
        }
    }

    // The two threads' handshake: relaxed words, which ThreadSanitizer does not count as ordering, so
    // the two callbacks of a feed stay unordered for it (a race between them is reported).
    private static let end = UInt64.max - 1
    private let ready = RelaxedWord(UInt64.max), go = RelaxedWord(UInt64.max), called = RelaxedWord(UInt64.max)
    private let calls = (0..<4).map { _ in RelaxedWord() }  // when each call began and ended, nanoseconds

    /// A spin of up to 64 turns, drawn afresh each time, so that one call starts at every point of the other.
    private func spin(_ random: inout UInt64) {
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        for _ in 0..<(random % 64) { _ = go.value }
    }

    /// Waits until `word` is `value` (or the round ended); false after 5 s of real time.
    private func waitFor(_ word: RelaxedWord, is value: UInt64) -> Bool {
        let since = DispatchTime.now().uptimeNanoseconds
        var tries = 0
        while word.value != value && go.value != Self.end {
            tries += 1
            if tries % 4096 == 0 {  // yields rarely: while both threads hold a core, feeds go by in lockstep
                sched_yield()
                if DispatchTime.now().uptimeNanoseconds - since > 5_000_000_000 { return false }
            }
        }
        return true
    }

    /// The callback of `slot` once its fetch has left it; nil after 1 s of real time without it.
    private func waitToTake(_ slot: Int) -> (@Sendable (String) -> Void)? {
        let since = DispatchTime.now().uptimeNanoseconds
        while DispatchTime.now().uptimeNanoseconds - since < 1_000_000_000 {
            if let callback = shelf.take(slot) { return callback }
            sched_yield()
        }
        return nil
    }
}
