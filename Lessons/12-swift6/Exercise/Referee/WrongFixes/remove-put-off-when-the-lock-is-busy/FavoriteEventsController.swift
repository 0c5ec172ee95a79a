import Foundation
import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round (issue 53's fifth: it passed 3 of 5 runs then,
// and was caught in most runs after, not all): `remove` never waits for the lock: when another call
// holds it, the removal is put off to a task of its own, and `remove` returns with the event still in
// the list. Every access is locked, so ThreadSanitizer is rightly silent; it shows only where a remove
// meets a lock another call holds.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:32 because "when remove returns, the event is out"

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
        if lock.withLock({ storedEvents.contains(event) }) { return }
        guard await catalog.isBookable(event) else { return }
        lock.withLock { if !storedEvents.contains(event) { storedEvents.append(event) } }
    }

    func remove(_ event: Event) {
        if lock.try() {
            defer { lock.unlock() }
            storedEvents.removeAll { $0 == event }
            return
        }
        Task { self.lock.withLock { self.storedEvents.removeAll { $0 == event } } }
    }
}
