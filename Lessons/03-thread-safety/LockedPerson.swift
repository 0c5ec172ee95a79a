import RaceLabKit

/// `Person` with a lock around each whole change and each read (page 6): the same guarantee as
/// `ThreadSafePerson`'s barrier, with a lock the schedule explorer knows (RaceLab's `ExplorableLock`,
/// an `NSLock` anywhere else), so that every schedule of it can be run. A dispatch queue's threads are
/// Dispatch's to schedule, not the explorer's.
class LockedPerson: Person {
    private let lock = ExplorableLock()

    override func changeName(firstName: String, lastName: String) {
        lock.holding { super.changeName(firstName: firstName, lastName: lastName) }
    }

    override var name: String {
        lock.holding { super.name }
    }
}
