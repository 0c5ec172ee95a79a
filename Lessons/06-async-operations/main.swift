// Lesson 6 — Asynchronous operations and SlowAdd (DEMOS E1–E3, E5).
// Read top to bottom. SlowAddOperation.swift holds the operations built on RaceLab's AsyncOperation;
// CanonicalAsyncOperation.swift holds the classic version, racy on purpose (page 5).
import Foundation
import RaceLabKit

let lesson = Lesson("RaceLab lesson 6: asynchronous operations and SlowAdd")

/// What the queue sees of an operation.
func describe(_ operation: Operation) -> String {
    "isReady \(operation.isReady), isExecuting \(operation.isExecuting), isFinished \(operation.isFinished)"
}

lesson.page("AsyncOperation: ready, executing, finished") { page in
    note("An asynchronous operation's main() returns at once; the queue knows it is done only when")
    note("its state says so: ready -> executing (start) -> finished (the callback).")
    let add = SlowAddOperation(lhs: 42, rhs: 24)
    say("before the queue has it: \(describe(add))")
    let queue = OperationQueue()
    queue.addOperation(add)
    sleep(lessonSeconds: 0.5)
    say("while slowAdd works:     \(describe(add))")
    add.waitUntilFinished()
    say("after the callback:      \(describe(add)); result \(add.result ?? -1)")
    page.done()
}

lesson.page("SlowAdd: 42 + 24 with waitUntilFinished: true") { page in
    let queue = OperationQueue()
    let add = SlowAddOperation(lhs: 42, rhs: 24)
    say("queue.addOperations([add], waitUntilFinished: true)")
    queue.addOperations([add], waitUntilFinished: true)  // fine in a lesson; never on an app's main queue
    say("result: \(add.result ?? -1)")
    page.done()
}

lesson.page("Forget state = .finished: it never finishes") { page in
    note("The same operation without `self.state = .finished` in the callback. The playground in the")
    note("original demo spun forever; here a watchdog gives it 3 s, then the lesson moves on.")
    let queue = OperationQueue()
    let add = ForgetfulSlowAddOperation(lhs: 42, rhs: 24)
    say("queue.addOperations([add], waitUntilFinished: true)")
    Watchdog.run(upTo: 3, "queue.addOperations(waitUntilFinished: true)") {
        queue.addOperations([add], waitUntilFinished: true)
    }
    say("the queue still sees: \(describe(add))")
    note("The work is done, but nobody told the queue: its thread waits, and anything that depends")
    note("on this operation never starts.")
    page.done()
}

let pairs = [(1, 5), (5, 8), (6, 1), (3, 9), (6, 12), (1, 0)]

/// Runs one sum operation per pair at once with `waitUntilFinished: true`, as the seed does, and
/// prints each sum from its operation's completion block. A watchdog stands in for the wait: an
/// operation whose finish is lost would keep it waiting forever. Returns how many never finished.
@discardableResult
func addPairs<Sum: Operation>(_ make: (Int, Int) -> Sum, result: @escaping (Sum) -> Int?) -> Int {
    let queue = OperationQueue()
    let completions = DispatchGroup()
    let start = LessonClock.shared.now
    let sums = pairs.map { lhs, rhs -> Sum in
        let sum = make(lhs, rhs)
        completions.enter()
        sum.completionBlock = { [unowned sum] in
            say("\(lhs) + \(rhs) = \(result(sum) ?? -1)")
            completions.leave()
        }
        return sum
    }
    // The waiting thread reads each operation's isFinished while the callbacks set it.
    let finished = Watchdog.run(upTo: 5, "queue.addOperations(waitUntilFinished: true)") {
        queue.addOperations(sums, waitUntilFinished: true)
    }
    guard finished else {
        let lost = sums.filter { !$0.isFinished }
        say("\(lost.count) of 6 never finished: \(lost.map(describe).joined(separator: "; "))")
        return lost.count
    }
    // Nothing promises that a wait for the operations covers their completion blocks (on Linux it
    // does not: README), so the page waits for the blocks too.
    Watchdog.wait(for: completions, upTo: 5, "the completion blocks")
    say("all six sums in \(seconds(LessonClock.shared.now - start))")
    return 0
}

lesson.page("Six sums at once finish in their own order") { page in
    note("Input order: \(pairs.map { "(\($0), \($1))" }.joined(separator: " ")). Each sum takes 1 s.")
    addPairs(SlowAddOperation.init) { $0.result }
    note("All six run at once and finish after about 1 s, in an order of their own: not the input")
    note("order, and not the same from run to run.")
    page.done()
}

lesson.page("The canonical AsyncOperation races on its state (racy on purpose)") { page in
    note("The same six sums on the AsyncOperation of the tutorial. The callback writes `state` on")
    note("its own thread while the thread in waitUntilFinished reads isFinished, with nothing between.")
    addPairs(CanonicalSlowAddOperation.init) { $0.result }
    note("Under ThreadSanitizer, stderr reports a data race in CanonicalAsyncOperation.state.setter.")
    note("")
    note("And start() calls main() before it sets .executing. A callback that comes back at once can")
    note("set .finished first; then start() overwrites it with .executing and the operation never")
    note("finishes. Six sums again, from a cache: each answer comes back at once, on a thread of its own.")
    LessonClock.shared.restart()
    let cached = pairs.map(CanonicalCachedAddOperation.init)
    Watchdog.run(upTo: 5, "queue.addOperations(waitUntilFinished: true)") {
        OperationQueue().addOperations(cached, waitUntilFinished: true)
    }
    sleep(lessonSeconds: 0.1)  // every callback has long been and gone
    let overwritten = cached.filter { !$0.isFinished }
    say("\(overwritten.count) of 6 operations say they are not finished, though every callback set .finished:")
    for sum in cached {
        // (Not the result: with its finish lost, nothing orders the callback's write before this read.)
        note("  \(sum.lhs) + \(sum.rhs): \(describe(sum))\(sum.isFinished ? "" : "   <- overwritten")")
    }
    if let stuck = overwritten.first {
        note("An overwritten operation says it is executing, for good: whoever waits for it after the")
        note("overwrite (waitUntilFinished(), an operation that depends on it) waits forever:")
        Watchdog.run(upTo: 2, "\(stuck.lhs) + \(stuck.rhs): waitUntilFinished()") { stuck.waitUntilFinished() }
    } else {
        note("This time every callback came after .executing. Run the page again: the race decides each run.")
    }
    page.done()
}

lesson.page("RaceLab's AsyncOperation: state under a lock") { page in
    note("Again with RaceLab's AsyncOperation: state behind a lock, .executing set before main().")
    addPairs(SlowAddOperation.init) { $0.result }
    note("Same sums; ThreadSanitizer is silent. Every later lesson builds on this AsyncOperation.")
    page.done()
}

lesson.page("ImageLoadOperation: an image through the network") { page in
    note("The network is a real URLSession; a URLProtocol of RaceLab's serves train_night.jpg (a")
    note("generated grey-scale picture, sent as PGM) after 1 s. The operation finishes in the callback.")
    // ImageLoadOperation lives in RaceLab (Sources/RaceLabKit/Demos/ImageLoadOperation.swift): lesson 9 uses it too.
    Network.serve(.generated(7, size: 96), as: "train_night.jpg", latency: 1)
    let load = ImageLoadOperation(imageName: "train_night.jpg") { _, _ in say("Image loaded") }
    OperationQueue().addOperations([load], waitUntilFinished: true)
    guard let image = load.outputImage else {
        say("no image: the download failed")
        return page.done()
    }
    say("outputImage: \(image.width) x \(image.height) pixels, checksum \(image.checksum)")
    if let path = try? image.write(to: "lesson6", as: "train_night") {
        note("Written to \(path): open it with any image viewer.")
    }
    page.done()
}

lesson.page("Every schedule: the finish that start() overwrites", explores: true) { page in
    note("Page 5 loses a finish on some runs. RaceLab's schedule explorer plays every order instead.")
    note("Thread A calls start() on one cached SlowAdd; main() starts the cache's callback, thread B.")
    note("A thread is paused only at main()'s 0.01 s of logging and at the callback's delay: A is two")
    note("steps, B is two, and B exists only after A's first: 3 schedules.")
    let lost = { (state: String) in state != "finished" }
    if let found = page.exploreSchedules(
        of: "start() and the callback", bad: lost, mark: "<- the finish was overwritten",
        { program in
            let sum = CanonicalCachedAddOperation(lhs: 42, rhs: 24)
            program.thread("start()", steps: ["start(): main() starts B, logs", "state = .executing"]) { sum.start() }
            program.outcome { "\(sum.state.rawValue)" }
        })
    {
        note(
            "The finish is lost in \(found.count(where: lost)) of \(found.schedules): when the whole callback runs while main() is"
        )
        note("still logging. A waitUntilFinished() on it would wait forever.")
    }
    note("")
    note("The same cached SlowAdd on RaceLab's AsyncOperation: it sets .executing before main(), and a")
    note("finished operation stays finished:")
    if let found = page.exploreSchedules(
        of: "start() and the callback", bad: lost, mark: "<- the finish was overwritten",
        { program in
            let sum = CachedAddOperation(lhs: 42, rhs: 24)
            program.thread("start()", steps: ["start(): .executing, main() starts B, logs", "returns"]) { sum.start() }
            program.outcome { sum.isFinished ? "finished" : sum.isExecuting ? "executing" : "ready" }
        })
    {
        note(
            "The finish is lost in \(found.count(where: lost)) of \(found.schedules): .executing can no longer come after it."
        )
    }
    note("TSan is silent on this page: the explorer runs one thread at a time and hands each step over")
    note("with a lock. It interleaves only at its points; a race between two of them is TSan's to find.")
    page.done()
}

lesson.run()
