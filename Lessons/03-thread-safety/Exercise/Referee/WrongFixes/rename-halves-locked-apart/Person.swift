import Foundation
import RaceLabKit
import Lesson3Support

// Exercise 3, a known wrong fix: every access is locked, so ThreadSanitizer sees no race, but a
// rename writes the first name and the last name in two critical sections, with the slow work
// between them unlocked. A read in between sees a torn name.
// must fail: output
// verdict leads with: Person.swift:25 because "hold one lock"

class Person {
    private var firstName: String
    private var lastName: String
    private let lock = NSLock()

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    func changeName(firstName: String, lastName: String) {
        randomDelay(upTo: 0.2)
        lock.lock()
        self.firstName = firstName
        lock.unlock()
        randomDelay(upTo: 1.0)
        lock.lock()
        self.lastName = lastName
        lock.unlock()
    }

    var name: String {
        lock.lock()
        defer { lock.unlock() }
        return "\(firstName) \(lastName)"
    }
}
