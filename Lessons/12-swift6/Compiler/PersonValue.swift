// Lesson 3's Person as a struct, renamed from five blocks on a concurrent queue, in Swift 6 language
// mode. Page 10 shows what the compiler says of it: nothing. There is no `expected-…` comment here,
// so `racelab check 12` has the toolchain's verifier confirm that no diagnostic at all is reported.
// The struct is not marked `Sendable`: Swift infers it, for a struct that is not public and whose
// stored properties are all `Sendable`.
import Dispatch

struct Person {
    private(set) var firstName: String
    private(set) var lastName: String

    mutating func changeName(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    var name: String {
        "\(firstName) \(lastName)"
    }
}

func renameFiveTimes(_ person: Person) {
    let workerQueue = DispatchQueue(label: "racelab.worker", attributes: .concurrent)
    let nameChangeGroup = DispatchGroup()
    for (first, last) in [("Charlie", "Cheesecake"), ("Delia", "Dingle"), ("Eva", "Evershed")] {
        workerQueue.async(group: nameChangeGroup) {
            var mine = person  // this block's own copy
            mine.changeName(firstName: first, lastName: last)
            print("Current name: \(mine.name)")
        }
    }
    nameChangeGroup.wait()
    print("Final name: \(person.name)")
}
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 12 README, "Which Swift")
