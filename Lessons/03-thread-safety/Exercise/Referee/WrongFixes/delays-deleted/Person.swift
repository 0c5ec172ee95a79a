import Dispatch
import Foundation
import RaceLabKit
import Lesson3Support

// Exercise 3, a known wrong fix (from an adversarial round: it passed every run before the driver
// counted the delays): one lock around the writes and the read, right, but the two randomDelay calls
// are deleted ("they only widen the race"). The task says to keep them: they are the slow work.
// must fail: output
// verdict leads with: Person.swift:22 because "keep changeName's two randomDelay calls"

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
        self.firstName = firstName
        self.lastName = lastName
    }

    var name: String {
        lock.lock()
        defer { lock.unlock() }
        return "\(firstName) \(lastName)"
    }
}
