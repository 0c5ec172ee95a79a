import Dispatch
import RaceLabKit
import Lesson3Support

// Exercise 3, a known wrong fix: the writes are barriers on a concurrent queue, as in lesson 3, but
// `name` reads the properties directly instead of with `isolationQueue.sync`.
// must fail: race Person.name.getter
// verdict leads with: Person.swift:30 because "reads too, must go through the same lock"

class Person {
    private var firstName: String
    private var lastName: String
    private let isolationQueue = DispatchQueue(label: "exercise3.person", qos: .userInitiated, attributes: .concurrent)

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    func changeName(firstName: String, lastName: String) {
        isolationQueue.async(flags: .barrier) {
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
