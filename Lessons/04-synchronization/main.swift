// Lesson 4 — Synchronization and its hazards (DEMOS A5, A6; WWDC 2016 "Concurrent Programming With
// GCD in Swift 3", the RWDevCon 2017 tutorial). Read top to bottom; Counters.swift holds the counter
// guarded five ways, Hazards.swift the lazy property and the locked dictionary, Deadlocks.swift the
// demos that crash or hang on purpose.
import Foundation
import RaceLabKit

let lesson = Lesson("RaceLab lesson 4: synchronization and its hazards")

let tasks = 8
let bumpsPerTask = 20_000
let expectedTotal = tasks * bumpsPerTask
/// Pages 1 and 6: each increment takes a moment (`aMoment`), so fewer of them.
let racyBumps = 100
/// Page 5: at most two of the tasks count at a time, on any machine. Under TSan on Linux, a Mutex
/// that all eight contend at once (a machine with eight cores or more) goes from waiter to waiter in
/// the kernel; TSan sees none of it and checks nearly every increment as a race, replaying the last
/// holder's history inside the lock, and the child outran its 20 s in every run. Two at a time, about
/// one increment in a hundred is checked (lesson 4's README, page 5).
let mutexTasksAtOnce = 2

/// Eight tasks on a global queue each call `increment` 20,000 times (or `bumps`); when all are done,
/// the total is read. Returns it and the real seconds it took. `atOnce`: at most that many tasks
/// count at a time, however many threads the queue runs them on (nil: as many as it does).
func bumpFromEightTasks(
    _ increment: @escaping @Sendable () -> Void, times bumps: Int = bumpsPerTask, atOnce: Int? = nil,
    read: () -> Int
) -> (total: Int, seconds: Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let group = DispatchGroup()
    // Only when asked: a semaphore's signal and wait order the tasks for TSan, which could hide
    // page 1's race between a task that ended and one that started after it.
    let turns = atOnce.map { DispatchSemaphore(value: $0) }
    for _ in 1...tasks {
        DispatchQueue.global().async(group: group) {
            turns?.wait()
            for _ in 1...bumps { increment() }
            turns?.signal()
        }
    }
    group.wait()
    let total = read()
    return (total, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

/// Counts with `counter` as above and prints the result: "counted 160000 of 160000 (…)".
func count(with counter: Counting, atOnce: Int? = nil) {
    let (total, time) = bumpFromEightTasks({ counter.increment() }, atOnce: atOnce, read: { counter.value })
    note(
        "counted \(total) of \(expectedTotal)\(total == expectedTotal ? ": none lost" : ": \(expectedTotal - total) lost") (\(fixed(time, decimals: 2)) s of real time)"
    )
}

// Pages 5, 8 and 9 start this program again, as a child process, for a demo that crashes or that
// ThreadSanitizer misreads; the child runs just that demo and exits.
ChildProcess.runIfChild([
    "mutex-count": {
        #if canImport(Synchronization)
            count(with: MutexCounter(), atOnce: mutexTasksAtOnce)
        #endif
    },
    "wrong-queue": {
        let counter = ConfinedCounter()
        note("calling incrementOnQueue() from the main thread, not from racelab.confined-counter")
        counter.incrementOnQueue()
        note("incrementOnQueue() returned: the precondition did not stop it")
    },
    "sync-onto-own-queue": {
        let queue = DispatchQueue(label: "racelab.serial")
        queue.sync {
            note("running on racelab.serial; now queue.sync onto racelab.serial")
            queue.sync { note("the inner task ran") }
            note("the inner sync returned")
        }
    },
])

lesson.page("There is no such thing as a benign race: lost updates (racy on purpose)") { page in
    note("WWDC 2016: \"There is no such thing as a benign race.\" A counter with no synchronisation;")
    note("\(tasks) tasks on a global queue each call increment() \(racyBumps) times: value += 1, a read,")
    note("an add and a write, here with a moment (up to 1 ms) between the read and the write, as lesson")
    note("3's Person takes its time to rename: without it, a busy machine often ran the tasks one after")
    note("another and lost nothing. Five runs:")
    page.finish {
        var runsThatLost = 0
        let expected = tasks * racyBumps
        for run in 1...5 {
            let counter = RacyCounter()
            let (total, _) = bumpFromEightTasks({ counter.increment() }, times: racyBumps, read: { counter.value })
            if total != expected { runsThatLost += 1 }
            note("  run \(run): counted \(total) of \(expected): \(expected - total) updates lost")
        }
        note("Updates were lost in \(runsThatLost) of 5 runs.")
        note("Two threads read the same old value, both add one, both write: one update is gone, and")
        note("nothing crashed to tell you. Under ThreadSanitizer stderr names RacyCounter.increment,")
        note("written on two threads.")
    }
}

lesson.page("A lazy property is not atomic: its initializer runs twice (racy on purpose)") { page in
    note("WWDC 2016: \"lazy properties of your classes aren't atomic either ... your lazy initializer may")
    note("actually run twice.\" Settings has lazy var theme; its initializer takes 0.5 s. Two tasks read")
    note("settings.theme at the same moment:")
    let settings = Settings()
    let readers = DispatchGroup()
    let got = Locked<[String: Int]>([:])  // filled after each read: orders nothing before it
    for task in ["A", "B"] {
        DispatchQueue.global().async(group: readers) {
            let theme = settings.theme
            say("task \(task) got theme #\(theme.number)")
            got.withLock { $0[task] = theme.number }
        }
    }
    readers.notify(queue: .main) {
        let made = settings.themesMade
        let held = Set(got.current.values).count
        if made > 1 {
            note(
                "The lazy initializer ran \(made) times, and the two tasks hold \(held == 2 ? "different themes" : "the same theme"): each keeps"
            )
            note("the theme its own initializer made; the property keeps only the one stored last.")
        } else {
            note(
                "The lazy initializer ran once this run: both tasks hold theme #\(got.current["A"] ?? 0). Run the page again."
            )
        }
        note("ThreadSanitizer names the race in Settings.theme.getter: the lazy check and store are plain")
        note("reads and writes. (Globals are different: the talk's one guarantee from the language is that")
        note("\"your global [variables] are initialized atomically\"; static properties too.)")
        page.done()
    }
}

lesson.page("Check, then act: every access locked, and still wrong") { page in
    note("A cache whose every read and every write holds a lock: TSan has nothing to report. Two tasks")
    note("want the Venice image; each checks the cache, and if it is missing, downloads it (0.5 s):")
    note("  if cache[\"venice\"] == nil { cache[\"venice\"] = download(\"venice\") }")
    let downloads = RelaxedWord()
    let download: @Sendable (String) -> String = { task in
        downloads.add(1)
        say("task \(task) downloads venice.jpg")
        sleep(lessonSeconds: 0.5)
        return "venice.jpg from task \(task)"
    }
    page.finish {
        let cache = LockedDictionary<String>()
        let both = DispatchGroup()
        for task in ["A", "B"] {
            DispatchQueue.global().async(group: both) {
                if cache["venice"] == nil {
                    cache["venice"] = download(task)
                }
            }
        }
        both.wait()
        note("Downloads: \(downloads.value). The cache holds \(cache["venice"] ?? "nothing").")
        if downloads.value > 1 {
            note("Both checks ran before either act: each step was safe, the pair was not. A thread-safe")
            note("dictionary is not a thread-safe cache.")
        } else {
            note("One download this run: one task checked after the other had stored. Run the page again.")
        }
        note("Now with the check and the act in one critical section (value(forKey:orMake:)):")
        downloads.value = 0
        LessonClock.shared.restart()
        let safe = LockedDictionary<String>()
        let images = Locked<Set<String>>([])
        for task in ["A", "B"] {
            DispatchQueue.global().async(group: both) {
                let image = safe.value(forKey: "venice") { download(task) }
                say("task \(task) has \(image)")
                images.withLock { _ = $0.insert(image) }
            }
        }
        both.wait()
        let same = images.current.count == 1
        note(
            "Downloads: \(downloads.value). The tasks hold \(same ? "the same image" : "different images")\(same && downloads.value == 1 ? ": the second waited for the first and took its image." : ".")"
        )
    }
}

lesson.page("The tools, one counter: a lock") { page in
    note("The same \(tasks) tasks and \(bumpsPerTask) increments each, the counter's increment and read")
    note("inside NSLock's lock() and unlock() (the talk's Foundation.Lock: a class, so it never moves).")
    page.finish {
        count(with: LockedCounter())
        // Module os is Apple's: os_unfair_lock is there (docs/mac.md), not on Linux.
        #if canImport(os)
            note("os_unfair_lock, the talk's small C lock, is here: this platform has module os (#if canImport(os)")
            note("is true), and Swift wraps the lock as OSAllocatedUnfairLock. On every platform, the Synchronization")
            note("module's Mutex: next page.")
        #else
            note("os_unfair_lock, the talk's small C lock, does not exist here: this platform has no module os")
            note(
                "(#if canImport(os) is false). Its modern counterpart is the Synchronization module's Mutex: next page."
            )
        #endif
        note("TSan is silent: every read and write of the count is inside the lock.")
    }
}

lesson.page("The tools, one counter: Synchronization's Mutex") { page in
    #if canImport(Synchronization)
        note("Mutex, from Swift 6's Synchronization module, compiles in Swift 5 language mode too. The")
        note("same count, in a child process (the reason follows), \(mutexTasksAtOnce) tasks counting at a time: under")
        note("TSan on Linux, all \(tasks) at once (a machine with \(tasks) cores or more) make nearly every increment")
        note("a slow race check, and the child outran its 20 s.")
        page.finish {
            let child = ChildProcess.run("mutex-count")
            child.showLines()
            if isThreadSanitizerOn {
                note(child.threadSanitizerLine(expectedIn: "MutexCounter"))
                // What the child's TSan reported decides the words, not the platform: docs/mac.md.
                if !child.threadSanitizerSummaries.isEmpty {
                    note("The count is right, and TSan still reports races in MutexCounter: false reports. TSan did")
                    note(
                        "not see the lock handed to a waiting thread: on Linux a contended Mutex is handed over in the")
                    note("kernel (a futex), out of its sight (README: the Swift standard library source).")
                } else {
                    note("TSan reported nothing this run. A contended Mutex is handed over in the kernel on Linux, out")
                    note("of TSan's sight (it then reports false races); on Apple's platforms a Mutex is an")
                    note("os_unfair_lock, which TSan intercepts (README).")
                }
            } else {
                note("TSan is off in this build. Run the page under TSan to see what it makes of Mutex here (README).")
            }
        }
    #else
        note("This toolchain has no Synchronization module (it came with Swift 6): no Mutex here.")
        page.done()
    #endif
}

lesson.page("The tools, one counter: a serial queue") { page in
    note("The talk's atomic property: a serial queue, the getter returns the state with sync, the setter")
    note("sets it with sync. Each single read and write is safe. The tasks do counter.value += 1, a get")
    note("and then a set, \(racyBumps) times each, with a moment between the two as on page 1:")
    page.finish {
        let property = AtomicPropertyCounter()
        let (total, _) = bumpFromEightTasks(
            {
                let old = property.value  // the get of value += 1
                aMoment()
                property.value = old + 1  // its set
            }, times: racyBumps, read: { property.value })
        let expected = tasks * racyBumps
        note(
            "counted \(total) of \(expected)\(total == expected ? ": none lost this time" : ": \(expected - total) updates lost"), and TSan is silent."
        )
        note("value += 1 is a sync to read, then a sync to write: another task's write fits in between. The")
        note("property is atomic; the increment is not. Put the whole increment in one block on the queue,")
        note("sent with async (the caller need not wait); the read waits with sync, behind every increment:")
        count(with: SerialQueueCounter())
    }
}

lesson.page("The tools, one counter: a concurrent queue with barrier writes") { page in
    note("Reads with sync run side by side on a concurrent queue; each increment is a barrier, alone on")
    note("the queue (lesson 3's ThreadSafePerson, for a counter):")
    page.finish {
        count(with: BarrierCounter())
        note("Barriers pay off when reads outnumber writes; here every task writes, so a serial queue does")
        note("the same job.")
    }
}

lesson.page("dispatchPrecondition: catch a call on the wrong queue") { page in
    note("ConfinedCounter.incrementOnQueue() must run on its queue, and says so:")
    note("  dispatchPrecondition(condition: .onQueue(queue)). The right way first:")
    let counter = ConfinedCounter()
    counter.queue.async {
        counter.incrementOnQueue()
        say("incrementOnQueue() on racelab.confined-counter: the precondition held")
        DispatchQueue.main.async {
            say("value, read from the main queue (.notOnQueue held): \(counter.value)")
            note("Now a child process calls incrementOnQueue() directly, from its main thread:")
            page.finish {
                // libdispatch writes its message to syslog unless LIBDISPATCH_LOG says otherwise (README).
                let child = ChildProcess.show(
                    "wrong-queue", environment: ["LIBDISPATCH_LOG": "stderr"], stderrFrom: "BUG IN CLIENT")
                if child.crashed {
                    note("The precondition stopped the program at the faulty call, with the queue's label in the")
                    note("message: a bug found where it is, not later as a torn value.")
                }
            }
        }
    }
}

lesson.page("Deadlock: sync onto the queue you are on") { page in
    note("RWDevCon 2017: \"never call sync on the current queue because the task won't be able to run")
    note("and it will never finish.\" A child process runs a task on a serial queue that syncs onto it:")
    page.finish {
        let child = ChildProcess.show("sync-onto-own-queue")
        if child.crashed {
            note("The inner task never ran, and the program did not hang either: libdispatch sees that the")
            note("thread waiting in sync already owns the queue and stops the program with a trap (README:")
            note("__DISPATCH_WAIT_FOR_QUEUE__ in libdispatch's queue.c). It can tell only when the waiting")
            note("thread is the owner: next page, two threads.")
        } else {
            note("This time the child did not crash: a sync onto a serial queue from a task on it waits for")
            note("itself, and would wait forever.")
        }
    }
}

lesson.page("Deadlock: two subsystems that sync into each other") { page in
    note("WWDC 2016: \"you sync from one place to another and then to another, and then finally, you end")
    note("up syncing back to the first one. Well, now we have a deadlock.\" Two subsystems with a serial")
    note("queue each; at the same moment each does some work on its queue and then syncs into the other:")
    let audio = Subsystem("audio")
    let network = Subsystem("network")
    page.finish {
        let both = DispatchGroup()
        for (from, to) in [(audio, network), (network, audio)] {
            both.enter()
            Thread.detachNewThread {  // threads of our own: blocked for good, they cost the pool nothing
                from.work(askingFor: to)
                both.leave()
            }
        }
        if !Watchdog.wait(for: both, upTo: 2, "audio and network") {
            note("audio holds its queue and waits for network's; network holds its queue and waits for audio's.")
            note("Neither sync can return: a cycle in the graph of who waits for whom. Draw that graph for")
            note("your subsystems: an arrow for every sync, and no cycles.")
        }
    }
}

lesson.page("Deadlock: two locks taken in opposite orders") { page in
    note("The same cycle with two locks. Task 1 takes the accounts lock, then the ledger lock; task 2")
    note("takes the ledger lock, then the accounts lock:")
    let accounts = NSLock()
    let ledger = NSLock()
    page.finish {
        let both = DispatchGroup()
        let orders = [
            ("task 1", accounts, "accounts", ledger, "ledger"), ("task 2", ledger, "ledger", accounts, "accounts"),
        ]
        for (task, first, firstName, second, secondName) in orders {
            both.enter()
            Thread.detachNewThread {
                first.lock()
                say("\(task) holds the \(firstName) lock")
                sleep(lessonSeconds: 0.5)
                say("\(task) waits for the \(secondName) lock")
                second.lock()
                say("\(task) holds both")
                second.unlock()
                first.unlock()
                both.leave()
            }
        }
        if !Watchdog.wait(for: both, upTo: 2, "task 1 and task 2") {
            note("Each holds the lock the other waits for. The cure: one order for every lock, everywhere.")
        }
    }
}

lesson.page("Every schedule: lost updates, and check-then-act", explores: true) { page in
    note("Pages 1 and 3 show a race on some runs. RaceLab's schedule explorer plays every order of the")
    note("steps instead, one thread at a time, each order from a fresh start, and counts the outcomes.")
    note("First page 1's RacyCounter: threads A and B each call increment() twice. A thread is paused only")
    note("at the moment between a read and its write, and between its two calls: each thread is four")
    note("steps (read, write, read, write), and 8!/(4!·4!) = 70 orders.")
    let lost = { (total: String) in total != "counted 4: none lost" }
    if let found = page.exploreSchedules(
        of: "two threads that increment twice", bad: lost, mark: "<- updates lost",
        { program in
            let counter = RacyCounter()
            for _ in 0..<2 {
                program.thread(
                    "increment() twice", steps: ["reads", "writes", "reads", "writes"],
                    touching: [.reads("value"), .writes("value"), .reads("value"), .writes("value")]
                ) {
                    counter.increment()
                    Interleaving.record("value is \(counter.value)")
                    Interleaving.point("between the calls")
                    counter.increment()
                    Interleaving.record("value is \(counter.value)")
                }
            }
            program.outcome { counter.value == 4 ? "counted 4: none lost" : "counted less than 4" }
        })
    {
        note(
            "Updates lost in \(found.count(where: lost)) of \(found.schedules) schedules: a write between another increment's read and"
        )
        note("its write is written over. Only the orders in which every increment's read and write stay")
        note("together count to 4. The lanes show the value after each write.")
    }
    note("")
    note("Page 3's check, then act: tasks A and B each run")
    note("  if cache[\"venice\"] == nil { cache[\"venice\"] = download(\"venice\") }")
    note("on the LockedDictionary. Each lock() is a point, and so is the download (0.5 s of sleep):")
    let downloads = { (outcome: String) in outcome.hasPrefix("2") }
    let download = { (task: String, made: RelaxedWord) -> String in
        made.add(1)
        sleep(lessonSeconds: 0.5)
        return "venice.jpg from task \(task)"
    }
    if let found = page.exploreSchedules(
        of: "check, then act", bad: downloads, mark: "<- downloaded twice",
        { program in
            let cache = LockedDictionary<String>()
            let made = RelaxedWord()
            for task in ["A", "B"] {
                program.thread("task \(task)", steps: ["calls the getter", "", "calls the setter", "stores"]) {
                    let missing = cache["venice"] == nil
                    Interleaving.record(missing ? "checks: nil, downloads" : "checks: the image is there")
                    if missing {
                        cache["venice"] = download(task, made)
                    }
                }
            }
            program.outcome { "\(made.value) download\(made.value == 1 ? "" : "s")" }
        })
    {
        note(
            "Downloaded twice in \(found.count(where: downloads)) of \(found.schedules) schedules: whenever both checks come before either store."
        )
    }
    note("")
    note("With the check and the act in one critical section (value(forKey:orMake:)):")
    if let found = page.exploreSchedules(
        of: "value(forKey:orMake:)", bad: downloads, mark: "<- downloaded twice",
        { program in
            let cache = LockedDictionary<String>()
            let made = RelaxedWord()
            for task in ["A", "B"] {
                program.thread(
                    "task \(task)", steps: ["calls value(forKey:orMake:)", "takes the lock", "stores, unlocks"]
                ) {
                    var downloaded = false
                    _ = cache.value(forKey: "venice") {
                        downloaded = true
                        Interleaving.record("checks: nil, downloads")
                        return download(task, made)
                    }
                    if !downloaded { Interleaving.record("checks: the image is there") }
                }
            }
            program.outcome { "\(made.value) download\(made.value == 1 ? "" : "s")" }
        })
    {
        note(
            "Downloaded twice in \(found.count(where: downloads)) of \(found.schedules) schedules: whoever takes the lock second finds the image."
        )
    }
    note("TSan is silent on this page: the explorer runs one thread at a time and hands each step over")
    note("with a lock. It interleaves only at its points; a race between two of them is TSan's to find.")
    page.done()
}

lesson.run()
