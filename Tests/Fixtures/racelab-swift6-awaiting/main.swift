// A lesson in Swift 6 mode whose top-level code awaits before it plays: it goes on as a task on the
// main actor, off the main thread, and plays with `await lesson.play()` (`lesson.run()` would park a
// worker thread in dispatchMain() and end with SIGILL; the compiler refuses it here). Swift6Tests plays it.
import RaceLabKit

let sum = await withCheckedContinuation { continuation in
    asyncAdd(40, 2) { continuation.resume(returning: $0) }
}

let lesson = Lesson("RaceLab lesson 6008: top-level code that awaits first")

lesson.page("After an await") { page in
    say("awaited before the lesson ran: \(sum)")
    page.finish { say("finished on a thread of its own") }
}

await lesson.play()
