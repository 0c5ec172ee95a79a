import RaceLabKit
import Lesson3Support

// Exercise 3, a cheat: no shared state, no race, no torn name, because no rename ever happens.
// The driver checks meaning: a rename made alone must read back as itself.
// must fail: output
// verdict leads with: Person.swift:12 because "not the rename just made"

class Person {
    init(firstName: String, lastName: String) {}

    func changeName(firstName: String, lastName: String) {
        randomDelay(upTo: 0.2)
        randomDelay(upTo: 1.0)
    }

    var name: String { "Gina Gregory" }
}
