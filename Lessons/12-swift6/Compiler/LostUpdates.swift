// Lesson 4's lost updates (page 1), as Swift 5 lets you write them, in Swift 6 language mode: eight
// tasks bump one count at once. Page 2 shows what the compiler says; `racelab check 12` has the
// toolchain's verifier confirm the comments below.
import Dispatch

func bumpFromEightTasks(times bumps: Int) -> Int {
    var count = 0
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
        for _ in 0..<bumps {
            count += 1  // expected-error {{mutation of captured var 'count' in concurrently-executing code}}
        }
    }
    return count
}
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 12 README, "Which Swift")
