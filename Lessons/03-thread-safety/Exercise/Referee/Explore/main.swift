// Exercise 3's scenario for the schedule explorer (`swift run racelab explore 3`): two renames of the
// attendee's Person and a read, on threads the explorer runs one step at a time. Their file is
// compiled beside this one, its NSLock, NSRecursiveLock and DispatchQueue made explorable ones.
import RaceLabKit
import Lesson3Support

let renames = [("Charlie", "Cheesecake"), ("Delia", "Dingle")]
let wholeNames = Set(renames.map { "\($0) \($1)" } + ["Alison Anderson"])
let renamed = Set(renames.map { "\($0) \($1)" })
let wholeEverywhere = "every name whole"

let lesson = Lesson("RaceLab: your Person, explored")
lesson.page("Every schedule of two renames and a read, through your Person.swift", explores: true) { page in
    note("Threads A and B rename one Person, to Charlie Cheesecake and to Delia Dingle; thread C reads its")
    note("name. Every name read, and the name at the end, must be whole, the name at the end one of the")
    note("renames', and each rename must do its work (its two randomDelay calls).")
    page.exploreTheirCode(
        of: "two renames and a read", pausingAlsoAt: "each randomDelay", bad: { $0 != wholeEverywhere }
    ) {
        program in
        let person = Person(firstName: "Alison", lastName: "Anderson")
        let delaysBefore = randomDelayCalls
        // RaceLabKit's own `Locked`: the bare name is the explorable one, for the attendee's file.
        let read = RaceLabKit.Locked("")
        for (first, last) in renames {
            program.thread("rename to \(first) \(last)") { person.changeName(firstName: first, lastName: last) }
        }
        program.thread("read the name") { read.withLock { $0 = person.name } }
        program.outcome {
            let (read, end) = (read.current, person.name)
            // Each rename does its slow work: two randomDelay calls (the task says to keep them).
            let delays = randomDelayCalls - delaysBefore
            if delays < 2 * renames.count { return "a rename skipped its work (\(delays) of 4 delays)" }
            if !wholeNames.contains(read) { return "C read \(read)" }
            // Once both renames are done, the name is one of theirs (not a stale one kept from before).
            return renamed.contains(end) ? wholeEverywhere : "the name at the end is \(end)"
        }
    }
    page.done()
}
lesson.run()
