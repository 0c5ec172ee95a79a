// Lesson 12 — Swift 6: the same races, refused by the compiler.
// Read top to bottom. This lesson builds in Swift 6 language mode; lessons 1–11 stay in Swift 5 mode
// because Swift 6 refuses their racy demos, and this lesson shows it doing so. Compiler/ holds that
// racy code, each file with what Swift 6 says of it in `// expected-error {{…}}` comments; a page runs
// the real compiler on one and prints what it says, and `racelab check 12` has the toolchain's own
// verifier confirm the comments. SwiftSix.swift holds the Swift 6 versions this story runs.
import Foundation
import RaceLabKit

// Page 9 starts this program again, as a child process, for the count that ThreadSanitizer misreads
// on Linux (not on Apple's platforms: lesson 4's README); the child runs just that count and exits.
ChildProcess.runIfChild([
    "mutex-count": {
        #if canImport(Synchronization)
            countWithMutex(bumps: 20_000)
        #endif
    }
])

let lesson = Lesson("RaceLab lesson 12: Swift 6, the same races refused by the compiler")

lesson.page("The racy Person in Swift 6 mode: refused; an actor instead") { page in
    note("Lesson 3's Person, renamed from five blocks on a concurrent queue, as Swift 5 compiles it:")
    showWhatSwift6Says(about: "RacyPerson.swift")
    note("Swift 6 will not let a block that may run on many threads at once capture a class that is not")
    note("Sendable: two renames could race. (Page 4 shows what it does let go: a value sent away for good.)")
    note("The toolchain's own note on this error: \"@Sendable closures can be called multiple times")
    note("concurrently, so any captured values must also be safe to access concurrently.\"")
    note("The Swift 6 way: Person as an actor. Its methods run one at a time, so a rename is whole")
    note("(its slow steps block the actor's thread, as the classic Person's do: nothing gets between them).")
    Task {
        let torn = await renameFiveTimes(ActorPerson(firstName: "Alison", lastName: "Anderson"))
        note("Torn names this run: \(torn) of 6. Under ThreadSanitizer, stderr stays empty: no race to report.")
        page.done()
    }
}

lesson.page("The lost-update counter: refused; an actor instead") { page in
    note("Lesson 4's page 1: eight tasks bump one count at once. Written with a captured var:")
    showWhatSwift6Says(about: "LostUpdates.swift")
    note("The Swift 6 way: the count inside an actor; each bump is one call, whole.")
    Task {
        let counter = CountingActor()
        await withTaskGroup(of: Void.self) { group in
            for _ in 1...8 {
                group.addTask {
                    for _ in 0..<bumpsPerTask { await counter.increment() }
                }
            }
        }
        let total = await counter.value
        say("total: \(total) of \(8 * bumpsPerTask)\(total == 8 * bumpsPerTask ? "" : "   <- updates lost!")")
        note("(Synchronization's Mutex is the other Swift 6 way, and a Sendable class can hold one: page 9.)")
        page.done()
    }
}

lesson.page("Filters appending to one array: refused; a task group instead") { page in
    note("Lesson 5's filters, each appending its image to one array from its own thread:")
    showWhatSwift6Says(about: "SharedArray.swift")
    note("The Swift 6 way: a task group. Each child returns its image, and only the parent appends,")
    note("one result at a time, as they come; when the group ends, every child has.")
    Task {
        let filtered = await filterSix()
        say("after the task group: \(filtered.count) of 6 results")
        for image in filtered.sorted(by: { $0.name < $1.name }) { note("  \(image.name): \(image.checksum)") }
        page.done()
    }
}

lesson.page("What Swift 6 accepts: a value sent away and never touched again") { page in
    note("Person here is a plain class, not Sendable. Made in a function, sent into a Task, and never")
    note("touched again by the function: nothing else can reach it, and the compiler accepts it. Task's")
    note("initializer takes its closure as 'sending' (SE-0430), and region-based isolation (SE-0414)")
    note("checks that nothing the closure captures is used again after the send:")
    showWhatSwift6Says(about: "SentAndForgotten.swift")
    note("The same function, reading the name once after the send:")
    showWhatSwift6Says(about: "SentThenUsed.swift")
    note("The toolchain's note on it: \"If a type does not conform to `Sendable` the compiler will enforce")
    note("that each instance of that type is only accessed by one concurrency domain at a time.\"")
    note("The accepted version, run:")
    Task {
        say("the task renamed it: \(await renameInATask())")
        page.done()
    }
}

lesson.page("@unchecked Sendable: you promised; ThreadSanitizer checks the promise (racy on purpose)") { page in
    note("Lesson 3's racy Person marked '@unchecked Sendable': Swift 6 compiles it without a word (this")
    note("lesson itself is built in Swift 6 mode), trusting a lock that is not there. Five tasks rename it:")
    Task {
        let torn = await renameFiveTimes(UncheckedPerson(firstName: "Alison", lastName: "Anderson"))
        note("Torn names this run: \(torn) of 6.")
        note("Under ThreadSanitizer, stderr reports the race in UncheckedPerson.changeName: the compiler")
        note("took the promise on trust; TSan checks it at run time.")
        page.done()
    }
}

lesson.page("nonisolated(unsafe): a global the compiler no longer guards (racy on purpose)") { page in
    note("A global var, which Swift 6 refuses (\"Concurrency checking prohibits mutable global and static")
    note("variables that are `nonisolated` because they can be accessed from arbitrary concurrency domains")
    note("at once and lead to data races.\"), marked 'nonisolated(unsafe)': it compiles. Eight tasks")
    note("record visits at once, each a read, a moment, and a write.")
    Task {
        await withTaskGroup(of: Void.self) { group in
            for _ in 1...8 {
                group.addTask {
                    for _ in 0..<visitsPerTask { recordVisit() }
                }
            }
        }
        let total = visits  // every task is done: the group's end orders this read after their writes
        say("visits: \(total) of \(8 * visitsPerTask)\(total == 8 * visitsPerTask ? "" : "   <- updates lost!")")
        note("Under ThreadSanitizer, stderr reports the race in recordVisit: 'unsafe' means no check.")
        page.done()
    }
}

lesson.page("Lesson 6's six sums in a task group; lesson 8's ArraySum cancelled") { page in
    note("Lesson 6's six sums, each a second of slow adding, as child tasks of one group. Their slow work")
    note("is a suspension (Task.sleep), which holds no thread, so all six wait at once on any machine:")
    Task {
        let started = LessonClock.shared.now
        let sums = await sumAll(sixPairs)
        say("six sums in \(seconds(LessonClock.shared.now - started)): \(sums)")
        note("Lesson 8's ArraySum as a task: (1,2) (3,4) (5,6) (7,8) (9,10), a second a pair,")
        note("Task.checkCancellation() before each. Cancelled at 1.5 s:")
        LessonClock.shared.restart()
        let arraySum = Task { try await sumPairs(fivePairs) }
        DispatchQueue.global().asyncAfter(lessonSeconds: 1.5) { arraySum.cancel() }
        let partial = await arraySumResult(arraySum)
        say("cancelled: \(partial)")
        note("The pair under way did not finish: Task.sleep is a cancellation point and throws at once.")
        note("Lesson 8's operation had to let its slowAdd run out to 2 s; a task's sleep stops where it is.")
        page.done()
    }
}

lesson.page("Lesson 9's four images as tasks: async let, a @MainActor gallery, cancelled at 6 s") { page in
    servePictures()
    note("Lesson 9's provider as one async function a picture: download, filter, post-process. The gallery")
    note("that shows the images is @MainActor. Lesson 9's classic hand-off, the download's completion handler")
    note("calling the gallery, in Swift 6 mode:")
    showWhatSwift6Says(about: "OffMainShow.swift")
    note("The toolchain's note on it: \"Calls to actor-isolated methods from outside the actor must be done")
    note("asynchronously.\" So each picture's task hands its image over with 'await gallery.show(…)'.")
    note("Four 'async let's start the four at once (latencies 2, 9, 3 and 3.5 s; filter and post-process")
    note("0.5 s each); at 6 s the task that holds them is cancelled, and so are they.")
    LessonClock.shared.restart()
    let four = Task { @MainActor in
        let shown = await provideFour(Gallery())
        say("shown: " + shown.map { "image \($0)" }.joined(separator: ", "))
        note("Cancelling the parent cancelled every async let still running: Venice's download, through")
        note("withTaskCancellationHandler, which cancelled its data task. Done images stayed done.")
        page.done()
    }
    DispatchQueue.global().asyncAfter(lessonSeconds: 6) {
        say("cancel() the task that holds the four async lets")
        four.cancel()
    }
}

lesson.page("Synchronization's Mutex: a Sendable class with nothing taken on trust") { page in
    note("Lesson 4's counter as a class that says it is Sendable, its count a plain stored var:")
    showWhatSwift6Says(about: "SendableWithVar.swift")
    note("The same class with its count inside a Mutex (SE-0433, the Synchronization module) compiles as it")
    note("is: a Mutex is Sendable, and the count can be reached only through withLock. No @unchecked, no")
    note("promise for TSan to check. Eight threads bump it 20,000 times each, two at a time, in a child")
    note("process (lesson 4's page 5 says why, and why two):")
    #if canImport(Synchronization)
        page.finish {
            let child = ChildProcess.run("mutex-count")
            child.showLines()
            guard isThreadSanitizerOn else {
                return note("TSan is off in this build: run the page under TSan to see what it makes of the Mutex.")
            }
            note(child.threadSanitizerLine(expectedIn: "MutexCounter"))
            // What the child's TSan reported decides the words, not the platform (lesson 4's README, "On a Mac").
            if child.threadSanitizerSummaries.isEmpty {
                note("None this run: TSan saw every lock and unlock, or the lock was never contended. (On Linux")
                note("TSan misreads a contended Mutex, lesson 4, page 5; on Apple's platforms a Mutex is an")
                note("os_unfair_lock, which TSan sees.)")
            } else {
                note("The count is right: these are lesson 4's false reports. A contended Mutex is handed over in")
                note(
                    "the kernel on Linux, where TSan cannot see (lesson 4's README). The Swift 6 way is right; the referee is not."
                )
            }
        }
    #else
        note("This toolchain has no Synchronization module: no Mutex here.")
        page.done()
    #endif
}

lesson.page("A Sendable value type: every task its own copy") { page in
    note("Lesson 3's Person as a struct, a value, renamed from five blocks on a concurrent queue:")
    showWhatSwift6Says(about: "PersonValue.swift")
    note("Each block captures a copy and renames that: a value whose stored properties are all Sendable")
    note("is Sendable itself (Swift infers it for a struct that is not public), and copies share nothing.")
    page.finish {
        let person = PersonValue(firstName: "Alison", lastName: "Anderson")
        let names = renameCopiesFiveTimes(person)
        say("Final name: \(shown(person.name))   (the one the page holds)")
        note(
            "Torn names this run: \(names.filter { !wholeNames.contains($0) }.count) of \(names.count), and ThreadSanitizer has nothing to report."
        )
        note("But no rename reached the page's person, and no block saw another's: nothing is shared. When")
        note("many tasks must see one changing value, it needs one owner: an actor (page 1) or a Mutex (page 9).")
    }
}

lesson.run()
