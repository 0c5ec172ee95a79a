import Foundation

#if canImport(Darwin)
    import Darwin
#endif

/// How many threads the process has: Linux lists them in `/proc/self/task` (proc(5)); Apple's
/// platforms hand them out with Mach's `task_threads` (xnu's `osfmk/kern/ipc_tt.c`,
/// `task_threads_internal`), a port for each and the array, which the caller gives back. Nil where
/// they cannot be read.
enum ProcessThreads {
    static func count() -> Int? {
        #if canImport(Darwin)
            var threads: thread_act_array_t?
            var count: mach_msg_type_number_t = 0
            guard task_threads(mach_task_self_, &threads, &count) == KERN_SUCCESS, let threads else { return nil }
            for index in 0..<Int(count) { mach_port_deallocate(mach_task_self_, threads[index]) }
            vm_deallocate(
                mach_task_self_, vm_address_t(bitPattern: threads),
                vm_size_t(Int(count) * MemoryLayout<thread_act_t>.stride))
            return Int(count)
        #else
            return try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count
        #endif
    }
}
