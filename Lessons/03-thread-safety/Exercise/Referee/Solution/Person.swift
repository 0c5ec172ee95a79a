import Dispatch
import RaceLabKit
import Lesson3Support

// Exercise 3, a solution: the barrier pattern of lesson 3's ThreadSafePerson, inside Person itself.
// Every change is a barrier on a private concurrent queue, so it runs alone; every read is a `sync`
// on the same queue, so it waits for the changes submitted before it and never sees half of one.

class Person {
    private var firstName: String
    private var lastName: String
    // .userInitiated: on Linux the barriers would otherwise wait for a worker thread (see lesson 3's
    // ThreadSafePerson.swift).
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
        isolationQueue.sync { "\(firstName) \(lastName)" }
    }
}
