import Foundation

/// A stand-in for a screen's frames: a timer on the main queue that ticks every `interval` lesson
/// seconds, so that a driver can tell how long the main queue was kept from drawing (the longest gap
/// between two ticks). Made, read and stopped on the main queue only.
/// @unchecked Sendable: made, read and stopped on the main queue only.
public final class Frames: @unchecked Sendable {
    private let ticker = DispatchSource.makeTimerSource(queue: .main)
    private var ticks: [Double] = []  // lesson seconds; main queue only

    public init(every interval: Double = 0.1) {
        dispatchPrecondition(condition: .onQueue(.main))
        ticker.schedule(deadline: .now(), repeating: LessonClock.shared.realSeconds(interval))
        ticker.setEventHandler { [unowned self] in ticks.append(LessonClock.shared.now) }
        ticker.resume()
    }

    deinit { ticker.cancel() }

    /// Stops the ticks: what the main queue does from now on is no longer timed.
    public func stop() { ticker.cancel() }

    /// The longest gap between two ticks so far, in lesson seconds (0 before the second tick).
    public var longestGap: Double { zip(ticks.dropFirst(), ticks).map { $0 - $1 }.max() ?? 0 }
}
