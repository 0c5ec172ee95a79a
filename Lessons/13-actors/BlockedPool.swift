// Page 4: tasks that block a thread of Swift's cooperative pool while they wait for work only another
// task can do. For tasks of one priority the pool has about one thread a core (README, "On a Mac")
// and does not grow, so when every thread is blocked, the task that would unblock them never gets one.
import Foundation
import RaceLabKit

/// Waits on `gate`, blocking the thread it runs on. A function of its own because Apple's Dispatch
/// marks `DispatchSemaphore.wait()` unavailable from async code, an error in Swift 6 mode there (its
/// overlay's `@_unavailableFromAsync`; Linux's corelibs has no such mark), and that mark is checked
/// only where the call is written (SE-0340). Called from a task, it is the mistake this page shows.
func blockThisThread(until gate: DispatchSemaphore) {
    gate.wait()
}

/// `waiters` tasks each block on a semaphore; one more task, started after them, would signal it.
/// Runs on the page's own thread (not one of the pool's), which looks after a lesson second and, if
/// nothing moved, signals the semaphore itself so that the lesson can go on.
func blockThePool(waiters: Int) {
    let gate = DispatchSemaphore(value: 0)
    let blocked = Locked(0)
    let signallerRan = Locked(false)
    let finished = DispatchGroup()
    for _ in 0..<waiters {
        finished.enter()
        Task.detached {
            blocked.withLock { $0 += 1 }
            blockThisThread(until: gate)  // blocks this thread of the pool: the mistake
            finished.leave()
        }
    }
    finished.enter()
    Task.detached {
        signallerRan.withLock { $0 = true }
        say("the signalling task runs, and signals")
        for _ in 0..<waiters { gate.signal() }
        finished.leave()
    }
    sleep(lessonSeconds: 1)
    let stuck = !signallerRan.current
    say(
        "after 1 s: \(blocked.current) of \(waiters) waiting tasks have a thread, and block it; the signalling task "
            + (stuck ? "has not started: no thread is free" : "has run"))
    note(
        "This machine has \(ProcessInfo.processInfo.activeProcessorCount) cores (ProcessInfo's active processor count)."
    )
    if stuck {
        say("nothing moves: the page's own thread, not one of the pool's, signals instead")
        for _ in 0..<waiters { gate.signal() }
    }
    finished.wait()
    say("every task has ended")
}

/// A gate that tasks await instead of blocking on: each waiter suspends, and its thread runs other work.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiting { waiter.resume() }
        waiting = []
    }
}

/// The same tasks, awaiting the gate: the signalling task gets a thread at once.
func awaitTheGate(waiters: Int) async {
    let gate = Gate()
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<waiters {
            group.addTask { await gate.wait() }
        }
        group.addTask {
            say("the opening task runs, and opens the gate")
            await gate.open()
        }
    }
    say("all \(waiters) waiting tasks went on, and every task has ended")
}
