// Lesson 15 — Swift 6.2's approachable concurrency: where your code runs now, and the traps of a migration.
// Read top to bottom. This lesson builds with the two settings Xcode 26's new app template turns on,
// main-actor isolation by default (SE-0466) and nonisolated async functions that run on their caller's
// actor (SE-0461, an upcoming feature), in Swift 6 language mode (Package.swift, `approachable`). Compiler/ holds code with what the compiler must say of it
// under those defaults, checked by `racelab check 15`; Support/ is a module not yet migrated (Swift 5).
import Foundation
import Lesson15Support
import RaceLabKit

// Page 5 starts this program again, as a child process, for each run-time trap.
ChildProcess.runIfChild([
    "callback-off-main": callbackOffTheMainActor, "assumed-isolated": assumedIsolatedOffTheMainActor,
])

let lesson = Lesson("RaceLab lesson 15: Swift 6.2's approachable concurrency")

lesson.page("Main actor by default: the racy Person is safe, and the screen pays for it") { page in
    note("SE-0466: in a module whose default isolation is the main actor, every type and function is")
    note("the main actor's unless it says otherwise. Lesson 3's Person, unchanged, in such a module:")
    Swift6Compiler.show("PersonByDefault.swift", in: compilerFolder)
    note("The renames from a concurrent queue, and from a detached task, are refused: Person is the main")
    note("actor's now. The renames in tasks are accepted: a task made on the main actor inherits it.")
    note("So this lesson's Person, lesson 3's code, renamed by five tasks while a screen stand-in ticks")
    note("on the main queue every 0.05 s:")
    Task {
        LessonClock.shared.restart()
        let (torn, renaming, longestGap) = await renameFiveTimesOnTheMainActor()
        say("Torn names this run: \(torn) of 5: the renames ran one after another, each whole, on the main actor.")
        say("The five renames took \(seconds(renaming)) in all; the screen stood still for \(seconds(longestGap)).")
        // The five tasks were queued on the main actor before the first frame's tick: they run back to back.
        say(
            longestGap >= renaming * 0.9
                ? "Not one frame while they ran: their slow steps blocked the main actor, and the frames queued behind them."
                : "Frames came between the renames   <- the main actor was not blocked?")
        page.done()
    }
}

lesson.page("nonisolated(nonsending) by default: the helper runs where its caller does") { page in
    note("SE-0461 (NonisolatedNonsendingByDefault, an upcoming feature of Swift 6.2 that Xcode 26's")
    note("Approachable Concurrency setting turns on): a nonisolated async function runs on its caller's")
    note("actor. Without it (SE-0338's rule since Swift 5.7, and still Swift 6.2's default) it runs on the")
    note("global concurrent executor, off the main actor; code written so to move work off it no longer")
    note("does, once it is on.")
    note("A helper and its @concurrent twin, called by a main-actor gallery, compiled as this lesson is:")
    Swift6Compiler.show("HelperOnTheCaller.swift", in: compilerFolder)
    note("The same file without NonisolatedNonsendingByDefault (still main actor by default):")
    Swift6Compiler.show("HelperOnTheCaller.swift", in: compilerFolder, flags: ["-default-isolation", "MainActor"])
    note("Without the feature both calls are refused: each helper runs off the main actor, so the gallery's")
    note("bitmap would be shared. With it, the plain helper is accepted, since it stays on the main actor,")
    note("and only the one that leaves is refused (SE-0461, \"@concurrent\"): give it a Sendable value, or")
    note("one it can take (`sending`).")
    note("Now the cost. Two seconds of heavy computing from the main actor, frames ticking every 0.05 s:")
    Task {
        LessonClock.shared.restart()
        note("1. the nonisolated helper, as code written without the feature has it:")
        let onTheCaller = await framesWhile { await heavyWork(for: 2) }
        say("  the screen stood still for \(seconds(onTheCaller))")
        note("2. the same helper, @concurrent:")
        let offTheMainActor = await framesWhile { await heavyWorkOffTheMainActor(for: 2) }
        say("  the screen stood still for \(seconds(offTheMainActor)) at most")
        say(
            onTheCaller >= 1.9 && offTheMainActor < 1
                ? "The plain helper froze the screen for its whole two seconds; the @concurrent one left it alone."
                : "Not the freeze expected: \(seconds(onTheCaller)) on the caller, \(seconds(offTheMainActor)) off it   <- look again"
        )
        page.done()
    }
}

lesson.page("What the compiler stops seeing: lesson 12's races under the approachable settings") { page in
    note("Lesson 12's files, each refused (or accepted) in Swift 6 mode alone, compiled again with the two")
    note("settings Xcode 26's new app template turns on (`-default-isolation MainActor`,")
    note("NonisolatedNonsendingByDefault; Swift 6.2 has both, off by default):")
    let silenced = lesson12Again()
    note("Silent now: \(silenced.isEmpty ? "none" : silenced.joined(separator: ", ")).")
    note("Where the errors went: every class and global in those files is the main actor's now, and a")
    note("task made on the main actor inherits it. SentThenUsed's read and its task's write both run on the")
    note("main actor, one after the other: the race is gone, not hidden. SendableWithVar's mutable count is")
    note("the main actor's, and a class isolated to a global actor is Sendable (SE-0316). FavoritesWithVar's list too.")
    note("What stays refused, in new words: a concurrent queue or a @Sendable closure still cannot touch")
    note("the main actor's state synchronously. PersonValue's struct, a copy for each block and no race at")
    note("all, is refused now: its methods are the main actor's, and its blocks are not (say `nonisolated`).")
    note("And what moves to run time: a closure handed to code the compiler cannot see into (page 5).")
    page.done()
}

lesson.page("Order you can rely on: tasks on one actor, and Task.immediate") { page in
    note("Lesson 13 page 6: detached tasks started one after another run in any order. Swift 6 gives two")
    note("orders. SE-0431: tasks made with a closure explicitly isolated to one actor (Task { @MainActor in")
    note("… }) start on it in the order they were made; a Task { } that only inherits its maker's actor has")
    note("no such promise. SE-0472 (Swift 6.2): Task.immediate runs its task at once, on the caller's")
    note("actor, up to its first suspension.")
    Task {
        var counts = (mainActor: 0, detached: 0, immediateFirst: 0 as Int?, plain: 0)
        for _ in 1...100 {
            if await mainActorTasksInOrder() { counts.mainActor += 1 }
            if await detachedTasksInOrder() { counts.detached += 1 }
            switch await immediateRunsFirst() {
            case true?: counts.immediateFirst? += 1
            case false?: break
            case nil: counts.immediateFirst = nil
            }
            if await plainTaskRunsFirst() { counts.plain += 1 }
        }
        say("Eight Task { @MainActor in } made in turn, in order:            \(counts.mainActor) of 100 runs")
        say("Eight detached tasks at mixed priorities, in order:             \(counts.detached) of 100 runs")
        say(
            "Task.immediate's first line before its maker's next one:        "
                + (counts.immediateFirst.map { "\($0) of 100 runs" }
                    ?? "not run: it needs macOS 26, and this Mac is older"))
        say("Task { }'s first line before its maker's next one:              \(counts.plain) of 100 runs")
        note("The main actor's tasks and Task.immediate keep their order every run: the language promises it.")
        note("A detached task's order is the machine's: count it on yours. A plain Task waits for its maker")
        note("to suspend, because it is the main actor's too, and its maker holds the main actor until then.")
        page.done()
    }
}

lesson.page("The migration's run-time traps: a callback off the main actor") { page in
    note("SE-0423: a closure made in main-actor code and handed to a module the compiler cannot check")
    note("(Support/, Swift 5 mode, as an older SDK's or a colleague's) is taken to be the main actor's, and")
    note("Swift checks it when it runs. The view model's completion, called on the loader's own queue:")
    // libdispatch logs why it stops the process to syslog; LIBDISPATCH_LOG=stderr shows it (README).
    let dispatchLog = ["LIBDISPATCH_LOG": "stderr"]
    let offMain = ChildProcess.show("callback-off-main", environment: dispatchLog, stderrFrom: "BUG IN CLIENT")
    note("The same child with the runtime's legacy check (chosen here with the environment variable")
    note("SWIFT_IS_CURRENT_EXECUTOR_LEGACY_MODE_OVERRIDE=legacy): the runtime's own words, and it goes on:")
    let legacy = ChildProcess.show(
        "callback-off-main", environment: ["SWIFT_IS_CURRENT_EXECUTOR_LEGACY_MODE_OVERRIDE": "legacy"],
        stderrFrom: "data race detected")
    note("MainActor.assumeIsolated, said where it is not true, on a global queue:")
    let assumed = ChildProcess.show("assumed-isolated", environment: dispatchLog, stderrFrom: "BUG IN CLIENT")
    say(
        offMain.crashed && assumed.crashed && !legacy.crashed
            ? "Swift 6 stopped both at the first line that ran off the main actor: a trap, not a race. The legacy check only warned."
            : "Not the traps expected   <- look at the endings above")
    note("Swift 6's check asks libdispatch whether the main queue is the current one, and libdispatch stops")
    note("the process, saying why in its log (shown above; the README cites each platform). The fixes:")
    Task {
        let model = ViewModel()
        model.refreshHopping(from: LegacyLoader())
        _ = await model.loaded.emptied()
        say("1. a @Sendable completion that hops with Task { @MainActor in … }: value \(model.value), no trap")
        let onMain = ViewModel()
        onMain.refreshAssumingTheMainQueue(from: LegacyLoader(callingBackOn: .main))
        _ = await onMain.loaded.emptied()
        say(
            "2. a loader told to call back on the main queue, and MainActor.assumeIsolated, true there: value \(onMain.value)"
        )
        note("3. @preconcurrency import (SE-0337), for a module not yet migrated: a view model hands its legacy")
        note("loader to a detached task, and writes it meanwhile. As this lesson compiles it:")
        Swift6Compiler.show("LegacyCapture.swift", in: compilerFolder)
        note("The same file, importing the module with @preconcurrency:")
        Swift6Compiler.show("LegacyCapturePreconcurrency.swift", in: compilerFolder)
        note("Silent, and the race is still there: @preconcurrency quiets what an old module cannot yet say")
        note("of itself, so that a migration can go module by module. It makes nothing safe.")
        page.done()
    }
}

lesson.page("Isolated conformances: a main-actor type behind a protocol") { page in
    note("SE-0470: a type that is the main actor's conforms to a protocol that is not isolated. With")
    note("main-actor default isolation (or InferIsolatedConformances, a Swift 6.2 upcoming feature), the")
    note("compiler infers the conformance main-actor isolated: it may be used on the main actor only.")
    Swift6Compiler.show("IsolatedConformance.swift", in: compilerFolder)
    note("Used from the main actor it is accepted; from a detached task, refused. The fix is a conformance")
    note("that is not isolated (`nonisolated Thumbnailing`), whose requirement touches only Sendable lets.")
    let photos = [Photo(title: "Venice"), Photo(title: "Paris")]
    say("on the main actor: \(thumbnails(of: photos).joined(separator: " "))")
    let sketches = [Sketch(title: "Venice"), Sketch(title: "Paris")]
    Task.detached {
        let drawn = thumbnails(of: sketches)
        say("in a detached task: \(drawn.joined(separator: " "))")
        page.done()
    }
}

lesson.run()
