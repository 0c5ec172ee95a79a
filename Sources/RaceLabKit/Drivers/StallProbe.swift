import Foundation

/// How long the machine kept this process's threads from running while a round played: a thread that
/// naps 2 ms at a time and keeps the most it overslept. A driver that holds the attendee's code to a
/// fixed real-time limit (exercise 5's wake-up: 0.1 s) cannot tell code that was slow from a machine
/// that stalled for as long, and with the probe it can say so instead of guessing.
public final class StallProbe: Sendable {
    private let worst = RelaxedWord(), stopping = RelaxedWord()
    private let ended = DispatchSemaphore(value: 0)
    private static let nap: UInt64 = 2_000_000

    /// Starts measuring.
    public init() {
        Thread.detachNewThread { [self] in
            while stopping.value == 0 {
                let start = DispatchTime.now().uptimeNanoseconds
                Thread.sleep(forTimeInterval: Double(Self.nap) / 1e9)
                let slept = DispatchTime.now().uptimeNanoseconds - start
                // This thread alone writes `worst`: no lost update.
                if slept > Self.nap, slept - Self.nap > worst.value { worst.value = slept - Self.nap }
            }
            ended.signal()
        }
    }

    /// Stops measuring; the longest the probe was kept from running, in real seconds.
    public func stop() -> Double {
        stopping.value = 1
        ended.wait()
        return Double(worst.value) / 1e9
    }
}

/// Nanoseconds the calling thread has spent runnable but kept off a CPU since it started (Linux's
/// `/proc/thread-self/schedstat`, its second field: the scheduler's run delay); nil where the system
/// does not say (Apple's platforms, a kernel without scheduler statistics). A driver that times the
/// attendee's code subtracts it: that wait was the machine's, not the code's.
public func runQueueDelay() -> UInt64? {
    #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/thread-self/schedstat", encoding: .utf8) else {
            return nil
        }
        let fields = text.split(separator: " ")
        return fields.count >= 2 ? UInt64(fields[1]) : nil
    #else
        return nil
    #endif
}
