import Foundation

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
