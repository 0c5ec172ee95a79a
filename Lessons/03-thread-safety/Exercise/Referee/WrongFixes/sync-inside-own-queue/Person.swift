import Dispatch
import RaceLabKit
import Lesson3Support

// Exercise 3, a known wrong fix (hint 3): a serial queue for both, but changeName reads `name` (a
// `sync` onto the same queue) from inside a block already running on it: it waits for itself.
// Dispatch on Linux traps on this one ("dispatch_sync called on queue already owned by current
// thread"); where it does not, it hangs. Either way the exercise never finishes its first round.
// must fail: crash
// verdict leads with: Person.swift:33 because "waits for itself forever"

class Person {
    private var firstName: String
    private var lastName: String
    private let serialQueue = DispatchQueue(label: "exercise3.person")

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    func changeName(firstName: String, lastName: String) {
        serialQueue.async {
            randomDelay(upTo: 0.2)
            self.firstName = firstName
            randomDelay(upTo: 1.0)
            self.lastName = lastName
            print("renamed from \(self.name)")
        }
    }

    var name: String {
        serialQueue.sync { "\(firstName) \(lastName)" }
    }
}
