// Lesson 13 — Races Swift 6 cannot see.
// Read top to bottom. Built in Swift 6 language mode, like lesson 12: every page compiles without a
// word from the compiler, and ThreadSanitizer has nothing to report on any of them. What goes wrong
// here is the order of things: an actor's state changing across an `await`, a continuation resumed
// twice or never, a pool of threads blocked, a cancel nobody looks at, an order nobody promised.
// The outcome blocks in the transcripts count what the compiler and TSan cannot.
import Foundation
import RaceLabKit

// Page 3 starts this program again, as a child process, for each misuse of a continuation.
ChildProcess.runIfChild(["resume-twice": resumeTwice, "never-resumed": neverResumed])

let lesson = Lesson("RaceLab lesson 13: races Swift 6 cannot see")

lesson.page("Actor reentrancy: the image downloader that downloads twice") { page in
    Network.serve(.generated(7), as: "sad_cat.jpg", latency: 1)
    note("WWDC 2021's image downloader, an actor: check the cache, await the download, store it. Three")
    note("requests for one image, at once (the network takes a lesson second to deliver it):")
    Task {
        LessonClock.shared.restart()  // each demo's times from its own start
        let three = await requestAtOnce(3, "sad_cat.jpg", from: ImageDownloader())
        say(downloadsLine(three, 3))
        note("SE-0306: \"When an actor-isolated function suspends, reentrancy allows other work to execute")
        note("on the actor before the original actor-isolated function resumes, which we refer to as *interleaving*.\"")
        note("Each request found the cache empty, then awaited its own download. Thirty at once:")
        LessonClock.shared.restart()
        let thirty = await requestAtOnce(30, "sad_cat.jpg", from: ImageDownloader())
        say(downloadsLine(thirty, 30))
        note("No data race, so ThreadSanitizer is silent; no compiler error. Only the count shows it.")
        note("The fix from the same session: the cache keeps the download in flight (a Task), and every")
        note("later request awaits that one. Thirty at once again:")
        LessonClock.shared.restart()
        let shared = await requestAtOnce(30, "sad_cat.jpg", from: SharingImageDownloader())
        say(downloadsLine(shared, 30))
        page.done()
    }
}

lesson.page("Check-then-act across an await: two withdrawals that each fit") { page in
    note("An account actor with 100 in it. A withdrawal checks the balance, awaits a fraud check (half a")
    note("second), then takes the money. Alice and Bob each withdraw 70, at once:")
    Task {
        let balance = await withdrawTwice(from: BankAccount(balance: 100))
        say("final balance: \(balance)")
        note("The migration guide: \"While actors do guarantee safety from data races, they do not ensure")
        note("atomicity across suspension points.\" The fix: the await first, then the check and the act")
        note("with no await between them. SE-0306: \"Effectively, synchronous code in an actor provides a")
        note("critical section, whereas an `await` interrupts a critical section.\"")
        let fixed = await withdrawTwice(from: CheckedBankAccount(balance: 100))
        say("final balance: \(fixed)")
        page.done()
    }
}

lesson.page("Continuations: resumed twice, and never") { page in
    note("A callback API behind withCheckedContinuation. Its loader calls back again after a retry, and")
    note("the wrapper resumes each time. In a child process:")
    page.finish {
        ChildProcess.show("resume-twice", stderrFrom: "SWIFT TASK CONTINUATION MISUSE")
        note("SE-0300: \"Instead of leading to undefined behavior, `CheckedContinuation` will instead trap if the")
        note("program attempts to resume the continuation multiple times.\"")
        note("Another wrapper resumes only when the API calls back with a greeting; it called back with nil:")
        ChildProcess.show("never-resumed", stderrFrom: "SWIFT TASK CONTINUATION MISUSE")
        note("The runtime warned when the continuation was dropped, and the task it belonged to waits for good.")
        note("The fix: one resume on every path. fetchGreetingOrNil resumes with nil too:")
        Watchdog.run(upTo: 10, "fetchGreetingOrNil") {
            say("fetchGreetingOrNil returned \(await fetchGreetingOrNil() ?? "nil")")
        }
    }
}

lesson.page("Blocking the cooperative pool: tasks that wait for a task that never starts") { page in
    note("64 tasks each wait on a semaphore; a 65th task, started after them, would signal it. Tasks of")
    note("one priority run on a pool of about one thread a core, which does not grow when a thread blocks:")
    page.finish {
        blockThePool(waiters: 64)
        note("The migration guide: \"The Swift concurrency runtime expects code to never block on future")
        note("work, allowing the system to always make forward progress.\" The fix: the tasks await a gate")
        note("(an actor that keeps their continuations) instead of blocking, so their threads run other work:")
        Watchdog.run(upTo: 10, "the tasks awaiting the gate") { await awaitTheGate(waiters: 64) }
    }
}

lesson.page("Cancellation is cooperative") { page in
    note("A parent task starts an unstructured Task { } and a task group of two children: one that checks")
    note("for cancellation (Task.sleep throws when cancelled), one that never looks. Each does four half-")
    note("second steps. The parent is cancelled at 1.2 s:")
    LessonClock.shared.restart()
    let parent = parentWithThreeKinds()
    DispatchQueue.global().asyncAfter(lessonSeconds: 1.2) {
        say("cancel() the parent")
        parent.cancel()
    }
    Task {
        await parent.value
        note("TSPL: \"Swift concurrency uses a cooperative cancellation model.\" The group's children were")
        note("cancelled with their parent; only the one that checks stopped. The unstructured task was not")
        note("cancelled at all: \"Unlike tasks that are part of a task group, an *unstructured task* doesn't")
        note("have a parent task.\"")
        page.done()
    }
}

lesson.page("Ordering: tasks started one after another") { page in
    note("Eight tasks, started one after another, each writing its number into an actor's log. Over 100")
    note("runs, how often is the log in the order they were started? All at the same priority:")
    Task {
        let same = await inOrder(100) { await startedOneAfterAnother($0, priorities: samePriority) }
        say("in the order started: \(same) of 100 runs")
        note("Every other one started at high priority, the rest at low:")
        let mixed = await inOrder(100) { await startedOneAfterAnother($0, priorities: mixedPriorities) }
        say("in the order started: \(mixed) of 100 runs")
        note("SE-0304: \"Executors are not required to run jobs in the order they were submitted; in fact,")
        note("they should generally honor task priority over submission order.\" And SE-0306: \"tasks awaiting")
        note("an actor are **not** guaranteed to be run in the same order they originally awaited that actor.\"")
        note("What does give an order:")
        say("each task awaited before the next starts: \(await inOrder(100, awaitedInTurn)) of 100 runs in order")
        say(
            "eight tasks at once, each an actor method that writes its number twice: \(await inOrder(100, pairsSideBySide)) of 100 runs with every pair side by side, the pairs in any order"
        )
        say("one AsyncStream, one producer, one consumer: \(await inOrder(100, throughAStream)) of 100 runs in order")
        note("Two more, not measured here: tasks made isolated to one actor (Task { @MainActor in … }) are")
        note("enqueued on it as they are made, so they start in that order (SE-0431); and Task.immediate")
        note("starts its task before the caller goes on, up to its first suspension, where its isolation")
        note("allows (SE-0472, Swift 6.2).")
        page.done()
    }
}

lesson.page("Every schedule: the downloader's duplicate download", explores: true) { page in
    note("Page 1 counts duplicate downloads on a real network. RaceLab's schedule explorer (lesson 14)")
    note("plays every order instead. It runs the tasks and the actor on an executor of its own (SE-0392")
    note("custom actor executors, SE-0417 task executor preference), one job at a time, and pauses a task")
    note("only at its start and at the download: two requests, A and B, each two steps (or one, when it")
    note("finds the image): 6 schedules.")
    let twice = { (outcome: String) in outcome != "1 download" }
    if let found = page.exploreTaskSchedules(
        of: "two requests", bad: twice, mark: "<- downloaded twice", twoRequests(to: ExploredImageDownloader.self))
    {
        note(
            "Downloaded twice in \(found.count(where: twice)) of \(found.schedules): whenever the second check comes before the"
        )
        note("first store. The actor ran one job at a time all along; the await let the other call in.")
    }
    note("")
    note("Page 1's fix: the download in flight kept in the cache as a Task, which the explorer letters C:")
    if let found = page.exploreTaskSchedules(
        of: "two requests to the sharing downloader", bad: twice, mark: "<- downloaded twice",
        twoRequests(to: ExploredSharingImageDownloader.self))
    {
        note(
            "Downloaded twice in \(found.count(where: twice)) of \(found.schedules): the check and the Task's entry are one stretch"
        )
        note("of synchronous code on the actor, with no point between them.")
    }
    note("Replay one: --schedule ACB lets the task's download land before B asks. TSan is silent on this")
    note("page: the explorer runs one job at a time, and hands over with a lock.")
    page.done()
}

lesson.run()
