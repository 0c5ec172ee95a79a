// Lesson 4's counter as a class that says it is Sendable, with its count a plain stored var. Page 9
// shows what the compiler says; `racelab check 12` has the toolchain's verifier confirm the comment.
final class Counter: Sendable {
    var count = 0  // expected-error {{stored property 'count' of 'Sendable'-conforming class 'Counter' is mutable}}

    func increment() {
        count += 1
    }
}
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 12 README, "Which Swift")
