// Lesson 1 — Queues: the first five minutes of Grand Central Dispatch (DEMOS A1–A4).
// Read top to bottom. Threads are numbered in order of first use, afresh for each run: T1 is the
// first thread named (on page 1 the source thread, a thread of its own; on page 2 the one running the
// main queue's block). Neither is the main thread, which a lesson parks in dispatchMain().
import Foundation
import RaceLabKit

let lesson = Lesson("RaceLab lesson 1: queues, sync and async, serial and concurrent")

/// Runs on the page's source thread (T1): submits tasks A and B (1 s each) to `queue` with `sync` or
/// `async`, says when each starts and ends and on which thread, and when the source gets on after
/// each call; then waits for both.
func twoTasks(_ title: String, sync: Bool, to queue: DispatchQueue) {
    LessonClock.shared.restart()  // each run's times start at 0
    let threads = Timeline()
    _ = threads.threadNumber()  // the source thread is T1
    note(title)
    let finished = DispatchGroup()
    let starts = Locked<[String: (at: Double, thread: Int)]>([:])
    for name in ["A", "B"] {
        finished.enter()
        let task: @Sendable () -> Void = {
            let thread = threads.threadNumber()
            starts.withLock { $0[name] = (LessonClock.shared.now, thread) }
            say("  \(name) starts on T\(thread)\(thread == 1 ? " (the source thread itself)" : "")")
            sleep(lessonSeconds: 1)
            say("  \(name) ends")
            finished.leave()
        }
        if sync {
            queue.sync(execute: task)
        } else {
            queue.async(execute: task)
        }
        say("  source: \(sync ? "sync" : "async")(\(name)) returned")
    }
    finished.wait()  // the source is a thread of our own: it may wait
    let (a, b) = (starts.current["A"]!, starts.current["B"]!)
    let gap = b.at - a.at
    note(
        "B started \(seconds(gap)) after A: \(gap < 0.5 ? "together with A" : "after A ended, one at a time"); threads used: \(Set([a.thread, b.thread]).count)"
    )
}

lesson.page("Sync or async, serial or concurrent: four runs") { page in
    note("The RWDevCon tutorial: \"synchronous versus asynchronous is about the source queue ... serial")
    note("versus concurrent is about the destination queue\". A thread of its own is the source here")
    note("(T1); it submits A and B, 1 s of work each, four ways. Watch when the source gets on, and")
    note("when B starts.")
    let serial = DispatchQueue(label: "racelab.serial")  // private queues are serial by default
    let concurrent = DispatchQueue(label: "racelab.concurrent", attributes: .concurrent)
    Thread.detachNewThread {
        twoTasks("1. sync onto a serial queue:", sync: true, to: serial)
        twoTasks("2. sync onto a concurrent queue:", sync: true, to: concurrent)
        twoTasks("3. async onto a serial queue:", sync: false, to: serial)
        twoTasks("4. async onto a concurrent queue:", sync: false, to: concurrent)
        note("sync blocked the source until each task ended, and ran the task right there, on T1 (Apple:")
        note("\"this function executes blocks on the current thread whenever possible\"): with sync, serial")
        note("or concurrent made no difference. async returned at once both times; then the destination")
        note("decided: the serial queue ran B after A, the concurrent queue ran them together.")
        page.done()
    }
}

lesson.page("The main queue, the global queues, and heavy work off the main queue") { page in
    note("Five global queues, one per quality of service, from most urgent to most energy-efficient:")
    let classes: [(String, DispatchQoS.QoSClass)] = [
        ("userInteractive", .userInteractive), ("userInitiated", .userInitiated), ("default", .default),
        ("utility", .utility), ("background", .background),
    ]
    for (name, qos) in classes {
        note("  DispatchQueue.global(qos: .\(name)).label: \(DispatchQueue.global(qos: qos).label)")
    }
    let interactive = DispatchQueue.global(qos: .userInteractive).label
    note(
        interactive == DispatchQueue.global(qos: .userInitiated).label
            ? "(.userInteractive's label names the user-initiated queue here: they share one), and"
            : "(each has a queue of its own here, .userInteractive too), and")
    note("DispatchQueue.main, the queue where the UI lives. The slides' pattern: heavy work on a")
    note(".userInitiated global queue, the result back on the main queue")
    note("(\"dispatch_async(dispatch_get_main_queue(), ...)\") to update the UI.")
    let threads = Timeline()
    let mainThreadSeen = Locked(false)
    @Sendable func step(_ what: String) {
        mainThreadSeen.withLock { $0 = $0 || Thread.isMainThread }
        say("\(what) on T\(threads.threadNumber()), on the main queue: \(isOnMainQueue)")
    }
    step("tap handled: the work is dispatched")
    DispatchQueue.global(qos: .userInitiated).async {
        step("heavy work starts")
        sleep(lessonSeconds: 1)  // stands in for a second of computing
        let locations = 42
        step("heavy work done (\(locations) locations), the result handed to the main queue")
        DispatchQueue.main.async {
            step("UI updated with \(locations) locations")
            note(
                "Thread.isMainThread in these steps, the UI update included: \(mainThreadSeen.current ? "true at least once" : "false every time")."
            )
            note("A lesson parks the main thread in dispatchMain(), where it waits for good; the main queue then")
            note("runs on Dispatch's threads (README: the libdispatch source). So ask the queue, not the thread:")
            note("dispatchPrecondition(condition: .onQueue(.main)), or here RaceLab's isOnMainQueue.")
            page.done()
        }
    }
    say("the main queue is free again at once: the UI stays responsive")
}

lesson.page("Thread explosion: blocked workers bring up more threads (real time)") { page in
    note("WWDC 2016: \"worker threads that are blocked can cause more worker threads to spawn\". Eight")
    note("tasks that each block their thread for 2 s, on one global queue. This page runs in real")
    note("seconds at any speed: Dispatch grows its pool in real time, not in the lesson's.")
    let begin = DispatchTime.now().uptimeNanoseconds
    let real: @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9 }
    let timeline = Timeline(clock: real)
    let done = DispatchGroup()
    for task in 1...8 {
        DispatchQueue.global().async(group: done) {
            timeline.record("task \(task)") { Thread.sleep(forTimeInterval: 2) }
        }
    }
    done.notify(queue: .main) {
        let total = real()
        let rows = timeline.recorded
        note("")
        for line in timeline.chart(heading: "task (real s)") { note(line) }
        note("")
        var firstUse: [Int: Double] = [:]
        for row in rows { firstUse[row.thread] = min(firstUse[row.thread] ?? row.start, row.start) }
        let atOnce = rows.filter { $0.start < 0.25 }.count
        let later = firstUse.values.filter { $0 >= 0.25 }.sorted().map { fixed($0, decimals: 1) + " s" }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let newThreads = firstUse.values.filter { $0 >= 0.25 }.sorted()
        note(
            "Measured in real seconds: 8 blocked 2-second tasks took \(fixed(total, decimals: 1)) s on \(firstUse.count) threads;"
        )
        note("\(atOnce) started at once (within 0.25 s) on a machine with \(cores) cores;")
        let gaps = zip(newThreads.dropFirst(), newThreads).map { $0 - $1 }
        if newThreads.isEmpty {
            note("no thread came up later.")
        } else {
            let apart = gaps.isEmpty ? "" : ", at least \(fixed(gaps.min()!, decimals: 1)) s apart"
            note("threads that came up later: \(later.joined(separator: ", "))\(apart).")
        }
        let closest = gaps.min().map { fixed($0, decimals: 1) }  // as printed above
        if atOnce == rows.count {
            note("Here every blocked task had a thread of its own at once.")
        } else if newThreads.isEmpty {
            note("Here the pool did not grow: the other tasks waited for a thread to finish its task.")
        } else if newThreads.count == 1 {
            note("Here the pool grew by one thread while its threads were blocked, and the other tasks waited")
            note("for a thread (README: how Dispatch grows its pool on Linux and on a Mac).")
        } else if let closest, Double(closest)! >= 0.9 {
            note("Here the pool grew about one thread a second while its threads were blocked, and the other")
            note("tasks waited for a thread (README: how Dispatch grows its pool on Linux and on a Mac).")
        } else {
            note(
                "Here the pool grew by \(newThreads.count) threads while its threads were blocked, less than a second apart,"
            )
            note("and the other tasks waited for a thread (README: how Dispatch grows its pool on Linux and on a Mac).")
        }
        note("Threads that sleep or wait are not free: block fewer, or fewer at once.")
        page.done()
    }
}

/// The calling thread's scheduling priority and nice value as the Linux kernel has them
/// (/proc/thread-self/stat, fields 18 and 19). On Apple's platforms, the QoS class the thread requested
/// instead (`qos_class_self()`, Apple's documentation; an override does not show in it; not run here).
func kernelPriority() -> String {
    #if canImport(Darwin)
        return DispatchQoS.QoSClass(rawValue: qos_class_self()).map { "requested QoS \($0)" }
            ?? "requested QoS unspecified"
    #else
        guard let stat = try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return "not readable here (no /proc)" }
        let fields = stat[stat.index(after: close)...].split(separator: " ")  // fields[0] is field 3
        guard fields.count > 16 else { return "not readable here" }
        return "priority \(fields[15]), nice \(fields[16])"
    #endif
}

lesson.page("Quality of service: higher QoS does not jump the line") { page in
    note("WWDC 2016: submitting higher-QoS work behind lower-QoS work on a serial queue raises the work")
    note("ahead of it, but \"doesn't help your work jump the line\". A .utility serial queue gets A and B")
    note("(1 s each), then C submitted with qos: .userInitiated.")
    let queue = DispatchQueue(label: "racelab.utility", qos: .utility)
    let ran = Locked<[String]>([])
    let done = DispatchGroup()
    let aMeasured = DispatchSemaphore(value: 0)
    let cQueued = DispatchSemaphore(value: 0)
    let priorities = Locked<[String: String]>([:])
    for name in ["A", "B"] {
        queue.async(group: done) {
            say("\(name) runs (.utility)")
            if name == "A" {
                priorities.withLock { $0["A before"] = kernelPriority() }
                aMeasured.signal()
                cQueued.wait()
                sleep(lessonSeconds: 0.5)
                priorities.withLock { $0["A after"] = kernelPriority() }
                sleep(lessonSeconds: 0.5)
            } else {
                sleep(lessonSeconds: 1)
            }
            ran.withLock { $0.append(name) }
        }
    }
    aMeasured.wait()  // A has read its priority before C exists; a moment's wait on the main queue
    queue.async(group: done, qos: .userInitiated) {
        say("C runs (.userInitiated)")
        ran.withLock { $0.append("C") }
    }
    say("C submitted behind A and B")
    cQueued.signal()
    DispatchQueue.global(qos: .userInitiated).async(group: done) {
        priorities.withLock { $0["userInitiated"] = kernelPriority() }
    }
    done.notify(queue: .main) {
        let measured = priorities.current
        let (before, after) = (measured["A before"]!, measured["A after"]!)
        note("Order: \(ran.current.joined(separator: ", ")). C waited for A and B: a serial queue runs in the order")
        note("submitted, whatever the QoS. The talk: the system raises A and B to C's QoS while C waits (a")
        note("QoS override). Measured, A's thread as the system sees it (README):")
        note("  before C was queued: \(before); with C waiting: \(after): \(before == after ? "unchanged" : "changed")")
        note("  a .userInitiated thread, for comparison: \(measured["userInitiated"]!)")
        #if canImport(Darwin)
            // qos_class_self() gives the QoS a thread requested: an override does not show in it.
            note("qos_class_self() gives the QoS a thread requested, not an override: none can be seen from here.")
        #else
            note(
                before == after
                    ? "No override reached A's thread here: on this machine A ran on at its own priority."
                    : "A's thread changed priority while C waited: an override, measured.")
        #endif
        page.done()
    }
}

/// Page 5, measured: what .assignCurrentContext keeps. Two items made on a .utility queue, one with
/// the flag, are submitted from a .userInitiated queue to a serial queue of default QoS; each says the
/// kernel's priority of the thread it ran on (page 4's reading). Then `done` on the main queue.
func measureAssignCurrentContext(_ done: @escaping @Sendable () -> Void) {
    note("Measured, what .assignCurrentContext keeps: two items made on a .utility queue, one with the")
    note("flag, submitted from a .userInitiated queue to a serial queue. The kernel's view, as on page 4:")
    let serial = DispatchQueue(label: "racelab.work-items")
    let ran = Locked<[String: String]>([:])
    DispatchQueue.global(qos: .utility).async {
        let maker = kernelPriority()
        let flagged = DispatchWorkItem(flags: .assignCurrentContext) {
            ran.withLock { $0["flagged"] = kernelPriority() }
        }
        let plain = DispatchWorkItem { ran.withLock { $0["plain"] = kernelPriority() } }
        DispatchQueue.global(qos: .userInitiated).async {
            let submitter = kernelPriority()
            serial.async(execute: flagged)
            serial.async(execute: plain)
            plain.wait()  // after flagged: a serial queue
            let (withFlag, without) = (ran.current["flagged"]!, ran.current["plain"]!)
            note("  made at \(maker); submitted at \(submitter)")
            note("  with .assignCurrentContext, it ran at \(withFlag); without the flag, at \(without)")
            note(
                withFlag == without
                    ? "The same: here the flag made no difference to the thread that ran the item (README)."
                    : "Not the same: the flagged item kept something of the context it was made in.")
            DispatchQueue.main.async(execute: done)
        }
    }
}

lesson.page("DispatchWorkItem: notify, wait, and cancel before it starts") { page in
    let queue = DispatchQueue(label: "racelab.work")
    let running = DispatchSemaphore(value: 0)  // the cancel comes halfway through the item, however late it starts
    let item = DispatchWorkItem(flags: .assignCurrentContext) {
        say("item runs")
        running.signal()
        sleep(lessonSeconds: 1)
        say("item ends")
    }
    item.notify(queue: .main) { say("item.notify: the item is done (on the main queue: \(isOnMainQueue))") }
    let blocker = DispatchWorkItem { sleep(lessonSeconds: 1) }
    let cancelled = DispatchWorkItem { say("the cancelled item ran (it must not)") }
    note("A work item wraps a closure so you can wait for it, be notified, or cancel it. .assignCurrentContext")
    note("gives it the QoS of the code that creates it. On a serial queue: the item (1 s), cancelled")
    note("halfway, then a 1 s blocker, then a third item that is cancelled while it waits its turn.")
    queue.async(execute: item)
    DispatchQueue.global().async {
        running.wait()
        sleep(lessonSeconds: 0.5)
        item.cancel()
        say("item.cancel() while it runs (isCancelled: \(item.isCancelled))")
    }
    queue.async(execute: blocker)
    queue.async(execute: cancelled)
    cancelled.cancel()
    say("third item cancelled before it started (isCancelled: \(cancelled.isCancelled))")
    DispatchQueue.global().async {
        item.wait()
        say("item.wait() returned on a global queue")
        blocker.wait()
        queue.async {
            say("the queue has moved past the cancelled item; it never ran")
            DispatchQueue.main.async {
                note("wait() blocks its caller, so never on the main queue; notify does not block. cancel()")
                note("before an item starts means it never runs; once it runs, cancel() does not stop it: the")
                note("item cancelled halfway still ended, and notify and wait() still came. And the talk on wait():")
                note("\"Dispatch will respond by elevating the priority of work ahead of it up to that QoS\"; \"if you")
                note("wait on a semaphore, it isn't going to cause the things in front of your semaphore signal to")
                note("execute any quicker.\" On Linux the raise of the running thread does nothing (README).")
                measureAssignCurrentContext { page.done() }
            }
        }
    }
}

lesson.run()
