import Dispatch
import Foundation
import RaceLabAtomics

/// Lesson time. Every delay a lesson asks for is in lesson seconds; at speed N it takes 1/N of that in
/// real time, and every time printed is converted back to lesson seconds, so a transcript reads the
/// same at any speed.
///
/// Every thread of a demo reads the clock (`say`, `sleep`, `randomDelay`), so nothing here may look
/// like synchronisation to ThreadSanitizer, or it would order those threads and hide the race a page
/// teaches. So the state is two relaxed atomic words, not a lock; and `shared` is not a `static let`,
/// because on Linux TSan sees the one-time initialisation check of a Swift global (`swift_once`) as
/// synchronisation on every access: the shared clock's words are C statics (RaceLabAtomics).
/// @unchecked Sendable: its pointers are `let`s to relaxed atomic words.
public struct LessonClock: @unchecked Sendable {
    private let speedWord: OpaquePointer
    private let startWord: OpaquePointer
    /// Keeps the words of a clock of its own alive (nil for the shared one).
    private let owner: [RelaxedWord]?

    /// The clock every lesson uses.
    public static var shared: LessonClock {
        LessonClock(speedWord: racelab_clock_speed_word(), startWord: racelab_clock_start_word(), owner: nil)
    }

    private init(speedWord: OpaquePointer, startWord: OpaquePointer, owner: [RelaxedWord]?) {
        self.speedWord = speedWord
        self.startWord = startWord
        self.owner = owner
    }

    /// A clock of its own (for tests), at real speed, started now.
    public init() {
        let words = [RelaxedWord(1.0.bitPattern), RelaxedWord(DispatchTime.now().uptimeNanoseconds)]
        self.init(speedWord: words[0].word, startWord: words[1].word, owner: words)
    }

    public var speed: Double { Double(bitPattern: racelab_relaxed_load(speedWord)) }

    /// Lesson seconds since the current page started.
    public var now: Double {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- racelab_relaxed_load(startWord))
        return elapsed / 1e9 * speed
    }

    func setSpeed(_ speed: Double) { racelab_relaxed_store(speedWord, speed.bitPattern) }
    /// Starts lesson time again from zero, as a new page does (or a page that runs its demo twice).
    public func restart() { racelab_relaxed_store(startWord, DispatchTime.now().uptimeNanoseconds) }

    /// The real-time interval that lasts `lessonSeconds` at the current speed.
    public func realSeconds(_ lessonSeconds: Double) -> Double { lessonSeconds / speed }

    /// The dispatch time `lessonSeconds` from now.
    public func deadline(after lessonSeconds: Double) -> DispatchTime {
        .now() + realSeconds(lessonSeconds)
    }
}

/// Blocks the calling thread for `seconds` lesson seconds: the stand-in for slow work.
/// On a thread the schedule explorer runs, it is an interleaving point instead (Interleaving.swift).
public func sleep(lessonSeconds seconds: Double) {
    if let thread = ScheduledThread.current { return thread.pause(at: .point("sleep")) }
    Thread.sleep(forTimeInterval: LessonClock.shared.realSeconds(seconds))
}

/// Keeps the calling thread computing for `seconds` lesson seconds, never suspending: the stand-in for
/// CPU-heavy work (filtering an image, drawing a thumbnail), where `sleep(lessonSeconds:)` stands for
/// waiting. A thread doing it is busy, not parked: on the main queue it stops the frames.
public func compute(lessonSeconds seconds: Double) {
    let end = LessonClock.shared.now + seconds
    var spin = 0
    while LessonClock.shared.now < end {
        for value in 0..<1_000 { spin = (spin &* 31 &+ value) & 0xFFFF }
    }
    withExtendedLifetime(spin) {}
}

/// Blocks for a random time up to `seconds` lesson seconds, as the classic demos do to shake up timing.
/// During an exercise's contention round (`withQuickDelays`) it returns at once, so that threads
/// hammering the attendee's code meet tens of thousands of times in a fraction of a second. On a
/// thread the schedule explorer runs, it is an interleaving point instead (Interleaving.swift).
/// `file` and `line`: the caller's, for the lanes of an exploration of the attendee's code (`ExploredCode`).
public func randomDelay(upTo seconds: Double, file: StaticString = #fileID, line: UInt = #line) {
    racelab_relaxed_add(racelab_random_delay_calls_word(), 1)
    if let thread = ScheduledThread.current {
        return thread.pause(at: .point(ExploredCode.label("randomDelay", file, line)))
    }
    if racelab_relaxed_load(racelab_quick_delays_word()) == 1 { return }
    sleep(lessonSeconds: seconds * randomFraction())
}

/// How many `randomDelay` calls have been made in this process, quick ones too: a driver checks that
/// the slow work they stand for was kept (exercise 3). A relaxed count: it orders no thread.
public var randomDelayCalls: Int { Int(racelab_relaxed_load(racelab_random_delay_calls_word())) }

/// Runs `work` with every `randomDelay` cut to nothing: a driver's contention round,
/// where the slow work must not hide a split critical section by slowing everyone down. The switch
/// is a relaxed word, so reading it orders no thread for ThreadSanitizer.
public func withQuickDelays<T>(_ work: () throws -> T) rethrows -> T {
    racelab_relaxed_store(racelab_quick_delays_word(), 1)
    defer { racelab_relaxed_store(racelab_quick_delays_word(), 0) }
    return try work()
}

/// A random number from 0 to 1 for `randomDelay`. Not `Double.random`: the system's generator
/// synchronises its callers in a way ThreadSanitizer sees (measured: a race between two threads that
/// both drew a random delay was never reported). Instead: SplitMix64 over the time, this call's
/// stack address (a different stack per thread) and a relaxed counter. Not for cryptography.
public func randomFraction() -> Double {
    var local = 0
    let address = withUnsafeMutablePointer(to: &local) { UInt64(UInt(bitPattern: $0)) }
    let sequence = racelab_relaxed_add(racelab_random_sequence_word(), 1)
    var z =
        DispatchTime.now().uptimeNanoseconds ^ (address &* 0x9E37_79B9_7F4A_7C15) ^ (sequence &* 0xBF58_476D_1CE4_E5B9)
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) / Double(1 << 53)
}

extension DispatchQueue {
    /// `asyncAfter` in lesson seconds.
    public func asyncAfter(lessonSeconds: Double, execute work: @escaping @Sendable () -> Void) {
        asyncAfter(deadline: LessonClock.shared.deadline(after: lessonSeconds), execute: work)
    }
}

/// Runs `work` after `lessonSeconds` on a thread of its own: for a cancel or a tap that must come
/// on time even while slow work blocks Dispatch's worker threads (on Linux the pool grows only
/// about once a second, so an `asyncAfter` on a global queue can fire late).
public func onOwnThread(after lessonSeconds: Double, _ work: @escaping @Sendable () -> Void) {
    Thread.detachNewThread {
        sleep(lessonSeconds: lessonSeconds)
        work()
    }
}
