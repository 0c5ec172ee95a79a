import Dispatch

/// Marks blocks running on the main queue (a queue-specific value, set once before `dispatchMain()`).
private let mainQueueKey = DispatchSpecificKey<Bool>()

/// Whether the caller runs on the main queue. Ask the queue, not the thread: a lesson parks the main
/// thread in `dispatchMain()` (on Linux, `pthread_exit`, caught by a destructor that keeps the
/// thread in `sigsuspend`), and the main queue's blocks then run on Dispatch's worker threads, where `Thread.isMainThread` is false (libdispatch `src/queue.c`,
/// `dispatch_main` and `_dispatch_queue_cleanup2`; lesson 1, page 2 measures it).
public var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }

/// Called by `Lesson.run()` on the main thread before any page.
func markMainQueue() {
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
}
