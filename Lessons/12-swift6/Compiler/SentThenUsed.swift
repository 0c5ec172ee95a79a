// The same code as SentAndForgotten.swift, and one line more: the sender reads the Person after it
// was sent into the task, while the task may be writing it. Swift 6 refuses it (page 4).
class Person {
    var name = "Alison Anderson"
}

func renameInATask() async {
    let person = Person()
    let task = Task {  // expected-error {{sending value of non-Sendable type '() async -> String' risks causing data races}}
        // expected-note@-1 {{Passing value of non-Sendable type '() async -> String' as a 'sending' argument to initializer 'init(name:priority:operation:)' risks causing races in between local and caller code}}
        person.name = "Brian Biggles"
        return person.name
    }
    print(person.name)  // expected-note {{access can happen concurrently}}
    print(await task.value)
}
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 12 README, "Which Swift")
