import Dispatch
import RaceLab

/// What exercise 3's driver needs of the attendee's `Person`.
public protocol Renamable: AnyObject {
    func changeName(firstName: String, lastName: String)
    var name: String { get }
}

/// Exercise 3's driver, which is not the attendee's to edit: rounds of five concurrent renames, as
/// on lesson 3's racy page, printing every name read so that a torn one shows.
public enum RenameExercise {
    public static let names = [
        ("Charlie", "Cheesecake"), ("Delia", "Dingle"), ("Eva", "Evershed"), ("Freddie", "Frost"),
        ("Gina", "Gregory"),
    ]
    static let wholeNames = Set(names.map { "\($0) \($1)" } + ["Alison Anderson"])

    /// Marks a name that is not one of the whole names: half of one rename and half of another.
    public static func describe(_ name: String) -> String {
        wholeNames.contains(name) ? name : "\(name)   <- torn!"
    }

    public static func makeLesson(rounds: Int = 3, _ makePerson: @escaping () -> Renamable) -> Lesson {
        let lesson = Lesson("RaceLab exercise 3: make Person thread-safe", seeded: true)
        lesson.page("Five renames at once, \(rounds) rounds") { page in
            var torn = 0
            for round in 1...rounds {
                note("Round \(round): a person named Alison Anderson, five renames at once")
                let person = makePerson()
                let queue = DispatchQueue(label: "exercise3.worker", attributes: .concurrent)
                let group = DispatchGroup()
                let seen = RelaxedWord()  // a tally that must not order the renaming threads
                for (index, (first, last)) in names.enumerated() {
                    queue.async(group: group) {
                        sleep(lessonSeconds: 0.01 * Double(index))  // a small stagger, as in lesson 3
                        person.changeName(firstName: first, lastName: last)
                        let name = person.name
                        if !wholeNames.contains(name) { seen.add(1) }
                        say("Current name: \(describe(name))")
                    }
                }
                group.wait()
                note("Final name: \(describe(person.name))")
                // Meaning, not just shape: a rename made alone must be the name read back after it.
                person.changeName(firstName: "Ida", lastName: "Iverson")
                let alone = person.name
                note("One more rename, alone, then a read: \(alone)\(alone == "Ida Iverson" ? "" : "   <- not the rename just made")")
                torn += Int(seen.value)
            }
            note(torn == 0 ? "Every name read was whole." : "\(torn) torn names: Person is not thread-safe yet.")
            page.done()
        }
        return lesson
    }
}
