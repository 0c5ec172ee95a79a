// A lesson written in Swift 6 language mode, as lessons from 12 on may be. It uses each part of
// RaceLab's API that hands work to another thread or back to the main actor: page bodies, `finish`,
// `done` from another thread, the main queue, an animation's completion, `whenScreenSettles`, a
// child demo, a Task on the main actor. Swift 6 checks isolation at run time wherever a closure's
// isolation is only assumed (a `@MainActor` closure run elsewhere traps, SIGILL); `Swift6Tests` runs
// this lesson to prove none of those checks fails, and `Swift6Mistakes.swift` shows the compiler
// refusing what would have trapped.
import Foundation
import RaceLabKit

/// Top-level state: in Swift 6 mode it belongs to the main actor.
var tally = 0

ChildProcess.runIfChild([
    "on-main": {
        tally += 100
        print("child: tally \(tally) on the main actor")
    }
])

let lesson = Lesson("RaceLab lesson 6006: a lesson in Swift 6 mode")

lesson.page("A body on the main actor, work on a thread of its own") { page in
    tally += 1
    let seen = tally
    page.finish {
        sleep(lessonSeconds: 0.2)
        say("finished on a thread of its own, after tally \(seen)")
    }
}

lesson.page("From a global queue back to the main queue") { page in
    DispatchQueue.global().async {
        let sum = slowAdd(2, 3)
        DispatchQueue.main.async {
            tally += sum
            say("on the main queue: tally \(tally)")
            page.done()
        }
    }
}

lesson.page("An animation's completion and a settled screen") { page in
    let box = View("box")
    View.animate(withDuration: 0.5, animations: { box.position = .lowerRight }) { _ in
        tally += 1
        say("completion on the main actor: tally \(tally)")
    }
    page.whenScreenSettles {
        say("settled: box at \(box.position.rawValue)")
        page.done()
    }
}

lesson.page("A child demo, and a Task on the main actor") { page in
    ChildProcess.show("on-main")
    Task { @MainActor in
        let sum = await withCheckedContinuation { continuation in
            asyncAdd(40, 2) { continuation.resume(returning: $0) }
        }
        tally += sum
        say("after await, on the main actor: tally \(tally)")
        page.done()
    }
}

lesson.run()
