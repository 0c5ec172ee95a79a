import Foundation

/// A stand-in for a screen's frames: a timer on the main queue that ticks every `interval` lesson
/// seconds, so that a driver can tell how long the main queue was kept from drawing (the longest gap
/// between two ticks). Each tick runs `draw` first, if given (a screen reading what it shows, there on
/// the main queue). Made, read and stopped on the main queue only.
/// @unchecked Sendable: made, read and stopped on the main queue only.
public final class Frames: @unchecked Sendable {
    private let ticker = DispatchSource.makeTimerSource(queue: .main)
    private var ticks: [Double] = []  // lesson seconds; main queue only

    public init(every interval: Double = 0.1, drawing draw: @escaping @MainActor () -> Void = {}) {
        dispatchPrecondition(condition: .onQueue(.main))
        ticker.schedule(deadline: .now(), repeating: LessonClock.shared.realSeconds(interval))
        ticker.setEventHandler { [unowned self] in
            MainActor.assumeIsolated(draw)
            ticks.append(LessonClock.shared.now)
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
        zip(ticks.dropFirst(), ticks).map { ($0 - $1, $0) }.max { $0.0 < $1.0 } ?? (0, 0)
    }
}
