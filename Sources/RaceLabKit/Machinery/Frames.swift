import Foundation

/// A stand-in for a screen's frames: a timer on the main queue that ticks every `interval` lesson
/// seconds, so that a driver can tell how long the main queue was kept from drawing (the longest gap
/// between two ticks). Each tick runs `draw` first, if given (a screen reading what it shows, there on
/// the main queue). Each tick also notes the thread that served it and that thread's CPU time, so
/// that a gap served by one thread at both ends tells the main queue's own work computing from a busy
/// machine keeping its thread from the core (`mostComputed`). Made, read and stopped on the main queue
/// only.
/// @unchecked Sendable: made, read and stopped on the main queue only.
public final class Frames: @unchecked Sendable {
    private let ticker = DispatchSource.makeTimerSource(queue: .main)
    private var ticks: [Tick] = []  // main queue only

    private struct Tick {
        let at: Double  // lesson seconds
        let thread: pthread_t
        let cpu: Double?
    }

    public init(every interval: Double = 0.1, drawing draw: @escaping @MainActor () -> Void = {}) {
        dispatchPrecondition(condition: .onQueue(.main))
        ticker.schedule(deadline: .now(), repeating: LessonClock.shared.realSeconds(interval))
        ticker.setEventHandler { [unowned self] in
            MainActor.assumeIsolated(draw)
            ticks.append(Tick(at: LessonClock.shared.now, thread: pthread_self(), cpu: Self.threadCPUSeconds()))
        }
        ticker.resume()
    }

    deinit { ticker.cancel() }

    /// Stops the ticks: what the main queue does from now on is no longer timed.
    public func stop() { ticker.cancel() }

    /// The longest gap between two ticks so far, in lesson seconds (0 before the second tick).
    public var longestGap: Double { longest.gap }

    /// When the longest gap ended, in lesson seconds (0 before the second tick): which stretch of work
    /// kept the main queue.
    public var longestGapEnded: Double { longest.end }

    private var longest: (gap: Double, end: Double) {
        gaps.map { ($0.gap, $0.end) }.max { $0.0 < $1.0 } ?? (0, 0)
    }

    /// The gap in which the thread that served the main queue used the most CPU time (seconds), how
    /// long it was and when it ended (lesson seconds): the main queue's own work computing, where nothing let a frame in. A
    /// busy machine keeps the thread from the core instead, and adds no CPU time. Only gaps served by
    /// one thread at both ends count: the main thread, on Apple's platforms and where a lesson serves
    /// the main queue from its run loop (`Lesson.mainQueueOnMainThread`); after `dispatchMain()` on
    /// Linux, any of Dispatch's threads serves it. Nil when no gap was.
    public var mostComputed: (cpu: Double, gap: Double, end: Double)? {
        gaps.compactMap { gap in gap.computed.map { ($0, gap.gap, gap.end) } }.max { $0.0 < $1.0 }
    }

    /// Every gap between two ticks: how long (lesson seconds), when it ended, and the CPU seconds its
    /// thread used meanwhile, when one thread served both ends.
    private var gaps: [(gap: Double, end: Double, computed: Double?)] {
        zip(ticks.dropFirst(), ticks).map { later, earlier in
            let computed =
                pthread_equal(later.thread, earlier.thread) != 0
                ? later.cpu.flatMap { end in earlier.cpu.map { end - $0 } } : nil
            return (later.at - earlier.at, later.at, computed)
        }
    }

    /// The CPU time the calling thread has used so far, in seconds (`CLOCK_THREAD_CPUTIME_ID`,
    /// clock_gettime(2), on Linux and Apple's platforms alike); nil where it cannot be read.
    static func threadCPUSeconds() -> Double? {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return nil }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
