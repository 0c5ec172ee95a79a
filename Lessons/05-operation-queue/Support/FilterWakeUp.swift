import Foundation
import RaceLabKit

extension FilterExercise {
    /// Step after step (at least 0.2 s of real time and 100 steps whose two calls began within 5 µs of
    /// each other, at most 2 s or 6000 steps), a FilterResults that already holds one image: one thread calls
    /// `all(count: 2)` while the other adds the second image at the same moment, give or take a spin
    /// drawn afresh each step (`Lockstep`), so that the add falls at every point of `all`'s check. An
    /// `all` that reads the count in one critical section and waits in another (a lost wake-up: an
    /// adversarial round's NSCondition checked apart passed the rounds before this in 7 of 8 runs)
    /// waits forever for an add that already came, or, with a wait that runs out, returns late.
    static func wakeUp(_ make: () -> FilterCollecting, faults: Faults) {
        note("Wake-up: step after step, the last image is added at the moment all(count: 2) checks for it.")
        guard var steps = WakeUpSteps.play(make) else { return neverReturned(faults) }
        if steps.slow == 1 {
            // Once could be a thread the busy machine kept waiting (the Dispatch worker of an append sent
            // to a queue, say); a missed wake-up comes back whenever an add falls between the check and the
            // wait. A second round tells them apart.
            guard let again = WakeUpSteps.play(make) else { return neverReturned(faults) }
            steps.add(again)
        }
        guard steps.short == 0 else {
            FaultLine(
                "`all`(count: 2) gave other than its two images, each once, when the last came as it checked",
                hint: "check the count and take the images in one critical section"
            ).note()
            return faults.firm()
        }
        guard steps.slow < 2 else {
            FaultLine(
                "`all`(count: 2) returned 0.1 s or more (up to \(fixed(steps.slowest, decimals: 2)) s) after its last image came,"
                    + " in \(steps.slow) of the \(steps.played) steps: it missed the wake-up, and found the image only when a"
                    + " wait of its own ran out",
                hint: "check the count and start waiting in one critical section"
            ).note()
            return faults.late("a very busy machine can keep a thread from running that long too.")
        }
        note(
            "all(count: 2) woke for its last image in each of the \(steps.played) steps, \(steps.overlapped) of them"
                + " with both calls begun within 5 µs.")
        steps.sayIfShort()
    }

    private static func neverReturned(_ faults: Faults) {
        FaultLine(
            "`all`(count: 2) never returned: its last image came while it checked the count, and it missed the wake-up",
            hint:
                "check the count and start waiting in one critical section (NSCondition's wait() unlocks the lock as it"
                + " waits, and locks it again before it returns), or count the images with a semaphore or a group"
        ).note()
        faults.late("a very busy machine can keep a thread from running for a second too.")
    }
}

/// One round of wake-up steps, and what it saw. The FilterResults are made, and their first images
/// added, before the steps begin: the steps' threads meet on relaxed words only.
private struct WakeUpSteps {
    var played = 0, overlapped = 0, short = 0, slow = 0
    /// The slowest of the slow steps, real seconds.
    var slowest = 0.0
    var rounds: [Lockstep] = []

    mutating func add(_ other: WakeUpSteps) {
        (played, overlapped, short, slow) =
            (played + other.played, overlapped + other.overlapped, short + other.short, slow + other.slow)
        slowest = max(slowest, other.slowest)
        rounds += other.rounds
    }

    /// Says so when a round fell short of the overlaps it aims for.
    func sayIfShort() {
        rounds.last { $0.fellShort }?.sayIfShort(unseen: "a wake-up lost between a check and a wait")
    }

    /// Plays a round; nil when a step got stuck (its `all` never returned).
    static func play(_ make: () -> FilterCollecting) -> WakeUpSteps? {
        let steps = 6000
        let prepared = Prepared(
            (0..<steps).map { step in
                let results = make()
                results.add(Image(name: "first \(step)", width: 1, height: 1, pixels: [0]))
                return results
            })
        let seconds = (0..<steps).map { Image(name: "second \($0)", width: 1, height: 1, pixels: [1]) }
        let (short, slow, slowest) = (RelaxedWord(), RelaxedWord(), RelaxedWord())
        // How long the machine kept `all`'s thread off a CPU is measured on Linux (its run delay when its
        // step began is kept here): that time was the machine's, not the code's.
        let delayAtStep = RelaxedWord()
        let round = Lockstep(
            steps: steps, goal: 100, atLeast: 0.2, atMost: 2, meetWithin: 5000,
            prepare: { _ in
                delayAtStep.value = runQueueDelay() ?? 0  // on `all`'s thread, before the step's calls
                return true
            },
            call: { thread, step in
                let results = prepared.items[step]
                if thread == 1 {
                    results.add(seconds[step])
                    return true
                }
                let began = DispatchTime.now().uptimeNanoseconds
                let got = results.all(count: 2)
                if Set(got.map(\.name)) != ["first \(step)", "second \(step)"] {
                    short.add(1)
                    return false
                }
                // The add comes microseconds after the call: 0.1 s is a wake-up missed, and found only when a
                // wait of its own ran out (an adversarial round's timed wait passed 3 of 3 before this check).
                let kept = runQueueDelay().map { $0 &- delayAtStep.value } ?? 0
                let took = DispatchTime.now().uptimeNanoseconds - began
                if took &- min(kept, took) > 100_000_000 {
                    slow.add(1)
                    slowest.value = max(slowest.value, took &- min(kept, took))
                }
                return true
            })
        // A step that has not ended 1 s of real time after the step before it is stuck: the calls of a
        // step take microseconds. Not the watchdog: its line would come first, and the attendee would
        // read a list of deadlocks instead of this cause. Late, not firm: a very busy machine could hold
        // a step's thread that long; the run at real speed that a late run gets decides (a lost wake-up
        // hangs there too).
        var (played, since) = (-1, DispatchTime.now().uptimeNanoseconds)
        while round.done.wait(timeout: .now() + 0.05) == .timedOut {
            let now = DispatchTime.now().uptimeNanoseconds
            if round.played != played {
                (played, since) = (round.played, now)
            } else if now - since > 1_000_000_000 {
                return nil
            }
        }
        return WakeUpSteps(
            played: round.played, overlapped: round.overlapped, short: Int(short.value), slow: Int(slow.value),
            slowest: Double(slowest.value) / 1e9, rounds: [round])
    }
}

/// Exercise 5's FilterResults made before the wake-up steps, read by the steps' two threads. They are
/// made before the threads start, which orders them; the attendee's class need not be Sendable.
/// @unchecked Sendable: `items` is a `let`, made before the threads start.
private final class Prepared: @unchecked Sendable {
    let items: [FilterCollecting]
    init(_ items: [FilterCollecting]) { self.items = items }
}
