import Dispatch
import RaceLabKit
import Lesson3Support

// Exercise 3, a known wrong fix: the writes go through a serial queue, so they never overlap each
// other, but `name` reads without it.
// must fail: race Person.name.getter
// verdict leads with: Person.swift:30 because "reads too, must go through the same lock"

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
        }
    }

    var name: String {
        "\(firstName) \(lastName)"
    }
}
