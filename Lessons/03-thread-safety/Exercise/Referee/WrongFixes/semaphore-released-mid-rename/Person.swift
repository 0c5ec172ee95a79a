import Dispatch
import RaceLabKit
import Lesson3Support

// Exercise 3, a known wrong fix: a semaphore of one used as a lock, every access between a wait and
// a signal, so ThreadSanitizer sees no race; but a rename signals between its two writes, with the
// slow work between them outside. A read in between sees a torn name.
// must fail: output
// verdict leads with: Person.swift:25 because "hold one lock"

class Person {
    private var firstName: String
    private var lastName: String
    private let semaphore = DispatchSemaphore(value: 1)

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    func changeName(firstName: String, lastName: String) {
        randomDelay(upTo: 0.2)
        semaphore.wait()
        self.firstName = firstName
        semaphore.signal()
        randomDelay(upTo: 1.0)
        semaphore.wait()
        self.lastName = lastName
        semaphore.signal()
    }

    var name: String {
        semaphore.wait()
        defer { semaphore.signal() }
        return "\(firstName) \(lastName)"
    }
}
