import Foundation
import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round (issue 40; it passed while no read came between
// the two): the lock class, but `add` appends the event in one critical section and takes out any
// duplicate in a second. Between the two, the list holds the event twice, and a read there sees it.
// Round 5 reads at the same instant as an add of an event already in the list, step after step.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:25 because "check and append in one critical section"

// @unchecked Sendable: `storedEvents` is read and written under `lock` (the fault is its logic).
final class FavoriteEventsController: FavoriteEvents, @unchecked Sendable {
    private let catalog: Catalog
    private let lock = NSLock()
    private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        lock.withLock { storedEvents }
    }

    func add(_ event: Event) async {
        guard await catalog.isBookable(event) else { return }
        lock.withLock { storedEvents.append(event) }
        lock.withLock {
            var seen = Set<Event>()
            storedEvents = storedEvents.filter { seen.insert($0).inserted }
        }
    }

    func remove(_ event: Event) {
        lock.withLock { storedEvents.removeAll { $0 == event } }
    }
}
