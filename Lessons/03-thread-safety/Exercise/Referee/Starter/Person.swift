import Dispatch
import RaceLabKit
import Lesson3Support

// Exercise 3: make Person thread-safe.
//
// The driver (main.swift) renames one Person from several threads at once and reads the name back
// each time; then threads rename and read it as fast as they can. As written, Person is the racy one of lesson 3: readers see torn names ("Eva Frost") and
// ThreadSanitizer reports a data race in Person.changeName. Change this file, and only this file, so
// that every name read is whole and TSan stays silent. Keep the delays: they are the slow work, and
// every rename does it.
//
// Check your work:  swift run racelab exercise 3      A hint:  swift run racelab hint 3

class Person {
    private var firstName: String
    private var lastName: String

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    func changeName(firstName: String, lastName: String) {
        randomDelay(upTo: 0.2)
        self.firstName = firstName
        randomDelay(upTo: 1.0)
        self.lastName = lastName
    }

    var name: String {
        "\(firstName) \(lastName)"
    }
}
