// Lesson 3's racy Person (DEMOS C1–C2), as it was written for Swift 5, in Swift 6 language mode.
// Page 1 shows what the compiler says of it; `racelab check 12` has the toolchain's verifier
// (`swiftc -emit-sil -swift-version 6 -Xfrontend -verify`: lesson 12 README) confirm the comments below: each
// `expected-…` diagnostic must be reported on its line, and nothing else may be.
import Dispatch

class Person {  // expected-note {{class 'Person' does not conform to the 'Sendable' protocol}}
    private var firstName: String
    private var lastName: String

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    func changeName(firstName: String, lastName: String) {
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
            person.changeName(firstName: first, lastName: last)  // expected-error {{capture of 'person' with non-Sendable type 'Person' in a '@Sendable' closure}}
            print("Current name: \(person.name)")
        }
    }
    nameChangeGroup.wait()
}
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 12 README, "Which Swift")
