import Dispatch

// Lesson 3's Person in a module whose default isolation is the main actor (SE-0466): the class,
// its methods and this file's functions are all main-actor isolated unless they say otherwise.
final class Person {
    var firstName = "Alison"
    var lastName = "Anderson"

    func changeName(firstName: String, lastName: String) {  // expected-note {{calls to instance method 'changeName(firstName:lastName:)' from outside of its actor context are implicitly asynchronous}}
        self.firstName = firstName
        self.lastName = lastName
    }
}

// Lesson 3's renames from a concurrent queue: refused.
func renameFromAConcurrentQueue(_ person: Person) {
    DispatchQueue.global().async {
        person.changeName(firstName: "Brian", lastName: "Biggles")  // expected-error {{call to main actor-isolated instance method 'changeName(firstName:lastName:)' in a synchronous nonisolated context}}
    }
}

// The same renames as tasks: accepted. A task made here inherits the main actor, so every rename runs
// there, one after another.
func renameInTasks(_ person: Person) {
    for (first, last) in [("Charlie", "Cheesecake"), ("Delia", "Dingle")] {
        Task { person.changeName(firstName: first, lastName: last) }
    }
}

// A detached task inherits nothing: refused.
func renameInADetachedTask(_ person: Person) {
    Task.detached {
        person.changeName(firstName: "Eva", lastName: "Evershed")  // expected-error {{main actor-isolated instance method 'changeName(firstName:lastName:)' cannot be called from outside of the actor}}
    }
}
// compiled with: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 15 README, "Which Swift")
