import Dispatch

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// How often the process's threads went to sleep and were woken: a driver's measure of a loop that
/// polls (a timer every millisecond) while nothing is due, where a right program sleeps until called.
public enum ProcessWakeups {
    /// The process's context switches so far, every thread's, the exited ones' too; nil where they
    /// cannot be read.
    /// - Linux: the voluntary ones, `ru_nvcsw` of `getrusage(RUSAGE_SELF)` (getrusage(2)): a thread that
    ///   blocks (a futex, `epoll_wait`, a sleep) and is woken adds one.
    /// - Apple's platforms: `csw` of `task_info(TASK_EVENTS_INFO)`, voluntary or not (xnu
    ///   `osfmk/kern/task.c`, `task_info`: the task's own count and each live thread's `c_switch`).
    ///   Darwin's `ru_nvcsw` counts only the BSD layer's sleeps (xnu `bsd/kern/kern_synch.c`, `_sleep`),
    ///   not the Mach waits that Dispatch's threads park in.
    public static func count() -> Int? {
        #if canImport(Darwin)
            var info = task_events_info()
            var size = mach_msg_type_number_t(
                MemoryLayout<task_events_info>.size / MemoryLayout<natural_t>.size)
            let result = withUnsafeMutablePointer(to: &info) {
                $0.withMemoryRebound(to: integer_t.self, capacity: Int(size)) {
                    task_info(mach_task_self_, task_flavor_t(TASK_EVENTS_INFO), $0, &size)
                }
            }
            return result == KERN_SUCCESS ? Int(info.csw) : nil
        #elseif canImport(Glibc)
            return usage().map { Int($0.ru_nvcsw) }
        #else
            return nil
        #endif
    }

    /// The CPU time the process has used so far, every thread's, in seconds (`getrusage`, user and
    /// system); nil where it cannot be read.
    public static func cpuSeconds() -> Double? {
        guard let usage = usage() else { return nil }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The process's `getrusage(RUSAGE_SELF)`, every thread's, the exited ones' too.
    private static func usage() -> rusage? {
        var usage = rusage()
        #if canImport(Glibc)
            let who = __rusage_who_t(RUSAGE_SELF.rawValue)  // Glibc imports it as an enum
        #else
            let who = RUSAGE_SELF
        #endif
        return getrusage(who, &usage) == 0 ? usage : nil
    }

    /// A count begun now; `measured()` later gives the wake-ups and the CPU time since, and the real
    /// time it lasted: a poll that never sleeps (a block that sends itself again at once) wakes nothing,
    /// and keeps a core busy instead.
    public struct Window: Sendable {
        let first: Int
        let firstCPU: Double
        let start: UInt64

        /// Nil where the counts cannot be read.
        public init?() {
            guard let first = ProcessWakeups.count(), let cpu = ProcessWakeups.cpuSeconds() else { return nil }
            (self.first, firstCPU, start) = (first, cpu, DispatchTime.now().uptimeNanoseconds)
        }

        /// The wake-ups since the window began, the CPU seconds the process used meanwhile, and the real
        /// seconds it has lasted.
        public func measured() -> (wakeups: Int, cpu: Double, seconds: Double)? {
            guard let now = ProcessWakeups.count(), let cpu = ProcessWakeups.cpuSeconds() else { return nil }
            return (now - first, cpu - firstCPU, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }
}
