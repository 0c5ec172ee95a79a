import Foundation
import RaceLabKit
import Lesson3Support

// Exercise 3, a known wrong fix: every access is locked, so ThreadSanitizer sees no race, but the
// read takes the first name and the last name in two critical sections. A rename that gets the lock
// between them makes a torn name. Renames that sleep hide it (the reader takes the lock back first);
// the driver's contention round catches it.
// must fail: output
// verdict leads with: Person.swift:34 because "hold one lock"

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
        lock.lock()
        let first = firstName
        lock.unlock()
        lock.lock()
        let last = lastName
        lock.unlock()
        return "\(first) \(last)"
    }
}
