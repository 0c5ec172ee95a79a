import RaceLabKit

/// Lesson 3's racy `Person`, in the shape of its `changeName`: a delay, the first name, a delay, the
/// last name; each delay is an interleaving point. Racy on purpose, and used only where the explorer
/// runs its threads one at a time.
/// @unchecked Sendable: used only by explored threads, one at a time.
final class RenamedPerson: @unchecked Sendable {
    private var firstName = "Alison"
    private var lastName = "Anderson"

    func changeName(firstName: String, lastName: String) {
        Interleaving.point("randomDelay")
        self.firstName = firstName
        Interleaving.point("randomDelay")
        self.lastName = lastName
    }

    var name: String { "\(firstName) \(lastName)" }
}

public enum Renames {
    public static let whole = ["Charlie Cheesecake", "Delia Dingle"]

    /// Lesson 3, page 6's program: A renames to Charlie Cheesecake, B to Delia Dingle; the outcome is
    /// the name. Each step says what it touches: the call nothing, each write its own field.
    public static func program(_ program: Explorer.Program) {
        let person = RenamedPerson()
        for name in whole {
            let (first, last) = (String(name.split(separator: " ")[0]), String(name.split(separator: " ")[1]))
            program.thread(
                "rename to \(name)", steps: ["calls changeName", "firstName = \"\(first)\"", "lastName = \"\(last)\""],
                touching: [.nothing, .writes("firstName"), .writes("lastName")]
            ) {
                person.changeName(firstName: first, lastName: last)
            }
        }
        program.outcome { person.name }
    }
}
