import Dispatch
import Foundation
import RaceLabKit
import Lesson3Support

// Exercise 3, a known wrong fix (from an adversarial round: it passed every run before the driver
// counted the delays): a rename that finds another one under way does nothing ("it would be
// overwritten anyway"), with lock.try(). Every name read is whole, but a call of changeName may
// neither rename nor do its slow work.
// must fail: output
// verdict leads with: Person.swift:23 because "keep changeName's two randomDelay calls"

class Person {
    private var firstName: String
    private var lastName: String
    private let lock = NSLock()

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    func changeName(firstName: String, lastName: String) {
        guard lock.try() else { return }
        defer { lock.unlock() }
        randomDelay(upTo: 0.2)
        self.firstName = firstName
        randomDelay(upTo: 1.0)
        self.lastName = lastName
    }

    var name: String {
        lock.lock()
        defer { lock.unlock() }
        return "\(firstName) \(lastName)"
    }
}
