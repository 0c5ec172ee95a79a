import Foundation
import RaceLabKit

/// Where round 6's fetches leave their callbacks: the driver's two threads take them from here and
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

/// Exercise 2's round 6, a contention round for the likely split critical section: a count of the
/// fetches still out, decreased in one critical section and checked ("was I the last?") in another.
/// Feeds of two stories; the driver's two threads call the two fetches' callbacks of each feed at the
/// same moment, give or take a spin drawn afresh for each feed, feed after feed, so that one callback
/// falls between the other's two critical sections (the feed then completes twice). It goes on until
/// 300 feeds' two callbacks overlapped in time (at least 0.1 s, at most 3 s of real time, at most 5000
/// feeds: a loaded machine that runs one thread at a time overlaps few), in bouts of two new threads. Every feed whose fetches
/// called back must complete once, on the main queue, with its two texts in order.
/// @unchecked Sendable: `completions` and `misfits` are touched on the main queue only; the rest is `let`.
final class FeedContention: @unchecked Sendable {
    static let most = 5000
    /// How many overlapped feeds the round plays for.
    static let goal = 300
    private let shelf = CallbackShelf()
    private var completions = [Int](repeating: 0, count: most)  // main queue only
    /// Completions off the main queue, with a text missing, or with their two texts out of order;
    /// main queue only.
    private var misfits = (offMain: 0, missing: 0, disordered: 0)

    /// Plays the round, then runs `then` on the main queue with the round's faults, in words. Only for
    /// a loader whose loads returned at once in the earlier rounds: every feed is loaded first, on the
    /// main queue, and only then do the threads call back.
    func play(_ loader: FeedLoading, then: @escaping (_ faults: [FaultLine]) -> Void) {
        dispatchPrecondition(condition: .onQueue(.main))
        for feed in 0..<Self.most {
            let items = (0..<2).map { story in
                FeedItem(title: "pair \(feed + 1) story \(story + 1)", shelf: (shelf, 2 * feed + story))
            }
            let expected = items.map { "data for \($0.title)" }
            loader.load(items) { [self] texts in
                let onMain = isOnMainQueue
                if texts == expected { items.lookAtHandovers() }
                let report = { [self] in
                    completions[feed] += 1
                    if !onMain {
                        misfits.offMain += 1
                    } else if !expected.allSatisfy(texts.contains) {
                        misfits.missing += 1
                    } else if texts != expected {
                        misfits.disordered += 1
                    }
                }
                if onMain { report() } else { DispatchQueue.main.async(execute: report) }
            }
        }
        // The two threads call a feed's two callbacks at the same moment (`Lockstep`).
        let round = Lockstep(steps: Self.most, goal: Self.goal, atLeast: 0.1, atMost: 3) { [shelf] thread, feed in
            guard let callback = Self.waitToTake(2 * feed + thread, from: shelf) else { return false }
            callback("data for pair \(feed + 1) story \(thread + 1)")
            return true
        }
        // Every fetch calls back in the end: a driver's thread calls back the feeds the round did not
        // play, so that a loader that waits on a thread of its own for each load gets its threads back.
        // (An adversarial round's right fix, a semaphore waited on in a private queue per load, hung
        // when 4000 feeds never called back: Dispatch had stopped at 255 waiting threads, and after
        // dispatchMain the main queue is drained by those same threads, so nothing ran: libdispatch,
        // src/queue.c, _dispatch_queue_cleanup2.) Not on a Dispatch queue, the main queue included:
        // its threads may all be waiting.
        let rest = DispatchGroup()
        rest.enter()
        Thread.detachNewThread { [shelf] in
            round.done.wait()
            for feed in round.played..<Self.most {
                for story in 0..<2 { shelf.take(2 * feed + story)?("data for pair \(feed + 1) story \(story + 1)") }
            }
            rest.leave()
        }
        rest.notify(queue: .main) { [self] in
            // A moment more for completions still on their way, and for a second one.
            DispatchQueue.main.asyncAfter(lessonSeconds: 0.3) { [self] in
                let count = round.played
                let twice = completions.prefix(count).filter { $0 > 1 }.count
                let never = completions.prefix(count).filter { $0 == 0 }.count
                note("\(count) feeds of 2 played, \(round.overlapped) of them with both callbacks at the same moment.")
                // Measured under `taskset -c 0`: 0 of 4009 feeds met, and a count checked apart passed.
                round.sayIfShort(unseen: "a count checked apart from its change")
                then(
                    [
                        FaultLine(
                            counting: twice, "of them called `completion` twice",
                            hint: "decrease the count and check it in one critical section (or let a group count)"),
                        FaultLine(
                            counting: never, "of them never called `completion`",
                            hint: "complete once every fetch has called back"),
                        FaultLine(
                            counting: misfits.offMain, "of them completed off the main queue",
                            hint: "complete on the main queue"),
                        // A callback counted in and the text stored in two critical sections: the last
                        // to count completed while another had counted and not yet stored. Or a copy of
                        // the texts taken in one section and the completion claimed in a second.
                        FaultLine(
                            counting: misfits.missing,
                            "of them completed with a text missing: did the last callback you gave `fetch` count the"
                                + " feed done while another had counted itself in and not yet stored its text, or"
                                + " complete with a copy of the texts taken before another had stored its own?",
                            hint: "count a fetch in and store its text in one critical section, and take the texts to"
                                + " complete with in it too (or let a group count)"),
                        FaultLine(
                            counting: misfits.disordered, "of them completed with their two texts out of order",
                            hint: "keep each text in its item's place"),
                    ].compactMap { $0 })
            }
        }
    }

    /// The callback of `slot` once its fetch has left it; nil after 1 s of real time without it.
    private static func waitToTake(_ slot: Int, from shelf: CallbackShelf) -> (@Sendable (String) -> Void)? {
        let since = DispatchTime.now().uptimeNanoseconds
        while DispatchTime.now().uptimeNanoseconds - since < 1_000_000_000 {
            if let callback = shelf.take(slot) { return callback }
            sched_yield()
        }
        return nil
    }
}
