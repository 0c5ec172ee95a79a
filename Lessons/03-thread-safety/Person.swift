import RaceLabKit

/// The classic racy `Person` (DEMOS C1). `changeName` takes its time: a random delay before the first
/// name changes and another, possibly longer, before the last name does. Called from one thread it
/// works; called from several at once, a reader can catch one call's first name with another's last.
class Person {
    private var firstName: String
    private var lastName: String

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    func changeName(firstName: String, lastName: String) {
        randomDelay(upTo: 0.2)
        self.firstName = firstName  // racy on purpose: page 2 writes this from five threads
        randomDelay(upTo: 1.0)
        self.lastName = lastName  // racy on purpose
    }

    var name: String {
        "\(firstName) \(lastName)"  // racy on purpose: read while other threads write
    }
}
