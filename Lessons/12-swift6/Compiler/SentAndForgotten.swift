// What Swift 6 accepts although Person is not Sendable (page 4): a Person made here is sent into a
// task and never touched again by the code that sent it. `Task.init` takes its closure as `sending`
// (SE-0430), and region-based isolation (SE-0414) sees that nothing else can reach what it captures. No `expected-…` comment: the verifier checks that the compiler says
// nothing at all of this file.
class Person {
    var name = "Alison Anderson"
}

func renameInATask() async {
    let person = Person()
    let task = Task {
        person.name = "Brian Biggles"
        return person.name
    }
    print(await task.value)
}
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 12 README, "Which Swift")
