import Dispatch
import RaceLabKit
import Lesson3Support

// Exercise 3, a known wrong fix: reads with `sync` on a concurrent queue, but the writes are plain
// `async` blocks, not barriers: on a concurrent queue they run side by side, with each other and
// with the reads.
// must fail: race Person.changeName
// verdict leads with: Person.swift:24 or Person.swift:26 or Person.swift:31 because "reads too, must go through the same lock"

class Person {
    private var firstName: String
    private var lastName: String
    private let isolationQueue = DispatchQueue(label: "exercise3.person", qos: .userInitiated, attributes: .concurrent)

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    func changeName(firstName: String, lastName: String) {
        isolationQueue.async {
            randomDelay(upTo: 0.2)
            self.firstName = firstName
            randomDelay(upTo: 1.0)
            self.lastName = lastName
        }
    }

    var name: String {
        isolationQueue.sync { "\(firstName) \(lastName)" }
    }
}
