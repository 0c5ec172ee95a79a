import Foundation

/// A driver's contention round for a window too narrow to hit by chance: two calls that a split
/// critical section gets wrong only when one falls between the other's two halves. Two threads meet
/// at every step and make their calls at the same moment, give or take a spin drawn afresh each step,
/// so that one call starts at every point of the other (exercises 2 and 10).
///
/// The threads meet on relaxed words, which ThreadSanitizer does not count as ordering: the two calls
/// of a step stay unordered for it, and a race between them is reported. They play in bouts of at
/// most 0.1 s, each with two new threads: two threads that a loaded machine keeps on one core never
/// meet (measured in exercise 2: 0 of 3889 steps), a new pair may well. The round counts the steps
/// whose two calls overlapped in time (or began within `meetWithin` nanoseconds), and plays until
/// `goal` have, after at least `minimum` seconds of real time, or until `limit` seconds or `steps` steps.
/// @unchecked Sendable: only `let`s: relaxed atomic words, a DispatchGroup, @Sendable closures.
public final class Lockstep: @unchecked Sendable {
    /// Left when the round is over.
    public let done = DispatchGroup()
    /// Steps played (both calls made), and how many of them had their calls overlap in time.
    public var played: Int { Int(playedSteps.value) }
    public var overlapped: Int { Int(overlaps.value) }
    /// Whether a step's `prepare`, `call` or `judge` stopped the round.
    public var stopped: Bool { stop.value != 0 }
    /// Whether the round ended short of the overlaps it played for without a step stopping it: on a
    /// machine that seldom ran the two threads at once, what it looks for may have gone unseen.
    public var fellShort: Bool { overlapped < goal && !stopped }

    /// How many cores the program's other threads kept busy while the round played, on average: the
    /// process's CPU time less the round's own two threads', over the round's time. Known once `done`.
    public var othersBusy: Double {
        let wall = Double(ended.value &- started)
        let others = Double(processCPUAtEnd.value) - Double(processCPUAtStart) - Double(ownCPU.value)
        return wall > 0 ? max(0, others) / wall : 0
    }

    /// When the round fell short, says so in a line that starts with `ContentionFellShort.mark`:
    /// `unseen` names what may have gone unseen ("a critical section split in two"). It blames the
    /// machine only when the rest of this program left its cores alone: with half a core or more busy on
    /// its other threads (the code under test's, or timers it left running), it says that instead.
    public func sayIfShort(unseen: String) {
        guard fellShort else { return }
        ContentionFellShort.say(
            "\(overlapped) of the \(goal) overlaps the round aims for. This machine seldom ran the two threads")
        let busy = othersBusy
        if busy >= 0.5 {
            note(
                "at once: \(ContentionFellShort.ownThreadsBusy) \(fixed(busy, decimals: 1)) cores busy (the code under"
                    + " test, what it left running, or the driver's other rounds), so \(unseen) may have gone unseen here."
            )
        } else {
            note("at once (one free core?), so \(unseen) may have gone unseen here.")
        }
    }

    private let steps: Int, goal: Int, minimum: Double, limit: Double, spinTurns: UInt64, meetWithin: UInt64?
    private let prepare: @Sendable (Int) -> Bool
    private let call: @Sendable (_ thread: Int, _ step: Int) -> Bool
    private let judge: @Sendable (Int) -> Bool
    private let started = DispatchTime.now().uptimeNanoseconds
    private let processCPUAtStart = processCPUNanoseconds()
    // The round's own two threads' CPU time, and when the round ended (process CPU and real time).
    private let ownCPU = RelaxedWord(), ended = RelaxedWord(), processCPUAtEnd = RelaxedWord()
    private let playedSteps = RelaxedWord(), overlaps = RelaxedWord(), stop = RelaxedWord()
    private static let end = UInt64.max - 1
    private let ready = RelaxedWord(UInt64.max), go = RelaxedWord(UInt64.max), called = RelaxedWord(UInt64.max)
    private let calls = (0..<4).map { _ in RelaxedWord() }  // when each call began and ended, nanoseconds

    /// Starts the round on a thread of its own; `done` says when it is over.
    /// - prepare: on the first thread, before a step's calls; false stops the round.
    /// - call: each thread's call of the step (thread 0 or 1); false stops the round (say, what it
    ///   was to call never came).
    /// - judge: on the first thread, after both calls of the step; false stops the round (the fault
    ///   was seen: playing on shows nothing more).
    /// - meetWithin: for a call that waits for the other's (exercise 5's `all`), overlapping in time
    ///   says nothing: on one core it overlaps every time, since the other call runs only once this one
    ///   blocks. Then a step counts when the two calls began within this many nanoseconds of each other.
    public init(
        steps: Int, goal: Int, atLeast minimum: Double, atMost limit: Double, spin: UInt64 = 64,
        meetWithin: UInt64? = nil,
        prepare: @escaping @Sendable (_ step: Int) -> Bool = { _ in true },
        call: @escaping @Sendable (_ thread: Int, _ step: Int) -> Bool,
        judge: @escaping @Sendable (_ step: Int) -> Bool = { _ in true }
    ) {
        (self.steps, self.goal, self.minimum, self.limit, spinTurns) = (steps, goal, minimum, limit, max(spin, 1))
        self.meetWithin = meetWithin
        (self.prepare, self.call, self.judge) = (prepare, call, judge)
        done.enter()
        Thread.detachNewThread { [self] in
            while played < steps, !stopped, !enough {
                let from = played
                (ready.value, go.value, called.value) = (UInt64.max, UInt64.max, UInt64.max)
                startTogether(2) { [self] thread in thread == 0 ? lead(from: from) : follow(from: from) }.wait()
                guard played > from else { break }
            }
            (ended.value, processCPUAtEnd.value) = (DispatchTime.now().uptimeNanoseconds, processCPUNanoseconds())
            done.leave()
        }
    }

    /// Whether the round has played enough: `goal` overlaps after `minimum` seconds, or `limit` seconds.
    private var enough: Bool {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return elapsed >= limit || (elapsed >= minimum && overlapped >= goal)
    }

    /// Step after step from `from`, for one bout: prepares, tells the other thread to go, calls after a
    /// spin of its own, waits for the other's call, and judges.
    private func lead(from: Int) {
        let cpu = threadCPUNanoseconds()
        defer { ownCPU.add(threadCPUNanoseconds() &- cpu) }
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(from)
        let bout = DispatchTime.now().uptimeNanoseconds
        defer { go.value = Self.end }
        for step in from..<steps {
            guard DispatchTime.now().uptimeNanoseconds - bout < 100_000_000, !enough else { return }
            guard prepare(step) else {
                stop.value = 1
                return
            }
            guard waitFor(ready, is: UInt64(step)) else { return }
            go.value = UInt64(step)
            spin(&random)
            calls[0].value = DispatchTime.now().uptimeNanoseconds
            let made = call(0, step)
            calls[1].value = DispatchTime.now().uptimeNanoseconds
            guard made else {
                stop.value = 1
                return
            }
            guard waitFor(called, is: UInt64(step)) else { return }
            if let within = meetWithin {
                let (first, second) = (calls[0].value, calls[2].value)
                if max(first, second) - min(first, second) <= within { overlaps.add(1) }
            } else if calls[0].value < calls[3].value && calls[2].value < calls[1].value {
                overlaps.add(1)
            }
            playedSteps.value = UInt64(step + 1)
            guard judge(step) else {
                stop.value = 1
                return
            }
        }
    }

    private func follow(from: Int) {
        let cpu = threadCPUNanoseconds()
        defer { ownCPU.add(threadCPUNanoseconds() &- cpu) }
        var random: UInt64 = 0xD1B5_4A32_D192_ED03 &+ UInt64(from)
        for step in from..<steps {
            ready.value = UInt64(step)
            guard waitFor(go, is: UInt64(step)), go.value != Self.end else { return }
            spin(&random)
            calls[2].value = DispatchTime.now().uptimeNanoseconds
            let made = call(1, step)
            calls[3].value = DispatchTime.now().uptimeNanoseconds
            guard made else {
                stop.value = 1
                return
            }
            called.value = UInt64(step)
        }
    }

    /// A spin of fewer than `spinTurns` turns, drawn afresh each time.
    private func spin(_ random: inout UInt64) {
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        for _ in 0..<(random % spinTurns) { _ = go.value }
    }

    /// Waits until `word` is `value`; false when the other thread ended or stopped the round, or after
    /// 5 s of real time.
    private func waitFor(_ word: RelaxedWord, is value: UInt64) -> Bool {
        let since = DispatchTime.now().uptimeNanoseconds
        var tries = 0
        while word.value != value {
            if go.value == Self.end || stop.value != 0 { return false }
            tries += 1
            if tries % 4096 == 0 {  // yields rarely: while both threads hold a core, steps go by in lockstep
                sched_yield()
                if DispatchTime.now().uptimeNanoseconds - since > 5_000_000_000 { return false }
            }
        }
        return true
    }
}

extension ContentionFellShort {
    /// Prints `Contention fell short: <detail>`.
    public static func say(_ detail: String) { note(mark + detail) }
}

/// CPU time of the whole process, and of the calling thread, in nanoseconds (POSIX clocks, on Linux and
/// on Apple's platforms).
func processCPUNanoseconds() -> UInt64 { cpuNanoseconds(CLOCK_PROCESS_CPUTIME_ID) }
func threadCPUNanoseconds() -> UInt64 { cpuNanoseconds(CLOCK_THREAD_CPUTIME_ID) }

private func cpuNanoseconds(_ clock: clockid_t) -> UInt64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
