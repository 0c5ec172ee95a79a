import Foundation
import Lesson12Support

// Exercise 12, a wrong fix from issue 53's second adversarial round (helper-16; it passed 5 of 5):
// `add` is right (it asks the catalog, then checks and appends in one critical section), but `remove`
// finds the event's index in one critical section and removes at that index in a second. Another
// remove in between shifts the list, and the wrong event goes. No round made two removes meet, and
// the explorer's scenario had none; now its third part removes two events at once. Round 2's removes
// met in that window once in a `verify` (issue 53's ninth round's session), and the driver said so.
// must fail: explorer or output
// verdict leads with: FavoriteEventsController.swift:36 or FavoriteEventsController.swift:34 because "Another task got in while" or "when remove returns, the event must be out"

final class FavoriteEventsController: FavoriteEvents, @unchecked Sendable {
    private let catalog: Catalog
    private let lock = NSLock()
    private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        get async { lock.withLock { storedEvents } }
    }

    func add(_ event: Event) async {
        if lock.withLock({ storedEvents.contains(event) }) { return }
        guard await catalog.isBookable(event) else { return }
        lock.withLock {
            if !storedEvents.contains(event) { storedEvents.append(event) }
        }
    }

    func remove(_ event: Event) async {
        guard let index = lock.withLock({ storedEvents.firstIndex(of: event) }) else { return }
        lock.withLock {
            if index < storedEvents.count { storedEvents.remove(at: index) }
        }
    }
}
