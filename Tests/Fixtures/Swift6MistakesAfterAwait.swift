// Top-level code that has awaited something goes on as a task on the main actor, off the main
// thread: `lesson.run()` there would park a worker thread in dispatchMain() and end with SIGILL.
// The compiler refuses it and says what to write instead. Checked by `Swift6Tests` with
// `swiftc -typecheck -swift-version 6 -Xfrontend -verify`, as Swift6Mistakes.swift is.
import RaceLabKit

let sum = await withCheckedContinuation { continuation in
    asyncAdd(1, 2) { continuation.resume(returning: $0) }
}

let lesson = Lesson("RaceLab lesson 6009: run after an await")
lesson.page("After an await") { page in
    say("\(sum)")
    page.done()
}
lesson.run()  // expected-error {{instance method 'run' is unavailable from asynchronous contexts; top-level code that awaits plays the lesson with: await lesson.play()}}
