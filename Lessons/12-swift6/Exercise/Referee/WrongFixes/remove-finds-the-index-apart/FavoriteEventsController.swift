import Foundation
import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round (issue 53; a helper's, at b26cb02): newest
// favourites first, inserted at 0; `add` asks the catalog first, then checks and inserts in one
// critical section. But `remove` finds the event's index in one critical section and removes at that
// index in a second: an add that inserts in between shifts the list, and the wrong event goes. The
// driver and ThreadSanitizer passed it 3 of 3 (no round makes a remove and an add meet in that
// window); the schedule explorer finds it with one preemption. Round 2's removes, beside adds of
// other events, meet it now and then on a loaded machine (a stress beside two busy loops, 1 run of 3).
// must fail: explorer or output
// verdict leads with: FavoriteEventsController.swift:35 or FavoriteEventsController.swift:33 because "Another task got in while" or "when remove returns, the event must be out" or "when remove returns, the event is out"

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
        lock.withLock { if !storedEvents.contains(event) { storedEvents.insert(event, at: 0) } }
    }

    func remove(_ event: Event) {
        guard let index = lock.withLock({ storedEvents.firstIndex(of: event) }) else { return }
        lock.withLock { if index < storedEvents.count { storedEvents.remove(at: index) } }
    }
}
