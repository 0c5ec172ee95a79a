// Page 1: lesson 3's Person in this module, where everything is main-actor isolated unless it says
// otherwise (SE-0466, Package.swift: `.defaultIsolation(MainActor.self)`).
import Foundation
import RaceLabKit

/// Lesson 3's Person, as it was written there, slow steps and all. No lock, no actor of its own: this
/// module's default makes it the main actor's.
final class Person {
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

    var name: String { "\(firstName) \(lastName)" }
}

let newNames = [
    ("Charlie", "Cheesecake"), ("Delia", "Dingle"), ("Eva", "Evershed"), ("Freddie", "Frost"), ("Gina", "Gregory"),
]
let wholeNames = Set(newNames.map { "\($0) \($1)" } + ["Alison Anderson"])

/// Lesson 3's five renames, as five tasks made on the main actor (each inherits it), while the screen
/// stand-in ticks. Says each name and how long its rename took; returns the torn names, the renames'
/// time in all, and the longest the screen stood still.
func renameFiveTimesOnTheMainActor() async -> (torn: Int, renaming: Double, longestGap: Double) {
    let person = Person(firstName: "Alison", lastName: "Anderson")
    let frames = Frames(every: 0.05)
    try? await Task.sleep(lessonSeconds: 0.2)  // a few frames before
    var renames: [Task<(String, Double), Never>] = []
    for (first, last) in newNames {
        renames.append(
            Task {
                let start = LessonClock.shared.now
                person.changeName(firstName: first, lastName: last)
                return (person.name, LessonClock.shared.now - start)
            })
    }
    var names: [String] = []
    var renaming = 0.0
    for rename in renames {
        let (name, took) = await rename.value
        say("Current name: \(name)\(wholeNames.contains(name) ? "" : "   <- torn!") (the rename took \(seconds(took)))")
        names.append(name)
        renaming += took
    }
    try? await Task.sleep(lessonSeconds: 0.2)  // a few frames after the last rename
    frames.stop()
    return (names.filter { !wholeNames.contains($0) }.count, renaming, frames.longestGap)
}
