import Foundation
import RaceLabKit
import Lesson3Support

// Exercise 3, a known wrong fix (hint 2): a lock around the writes only. The renames no longer
// overlap, but `name` still reads firstName and lastName while another thread writes them.
// must fail: race Person.name.getter
// verdict leads with: Person.swift:30 because "reads too, must go through the same lock"

class Person {
    private var firstName: String
    private var lastName: String
    private let lock = NSLock()

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    func changeName(firstName: String, lastName: String) {
        lock.lock()
        defer { lock.unlock() }
        randomDelay(upTo: 0.2)
        self.firstName = firstName
        randomDelay(upTo: 1.0)
        self.lastName = lastName
    }

    var name: String {
        "\(firstName) \(lastName)"
    }
}
