import Foundation
import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round (issue 53's seventh: it passed 3 of 3 runs then,
// and was caught 1 of 3 after): `remove` tries the lock three times, yielding between, and gives up
// when another call holds it each time, so that a remove never waits. When it gives up, it returns
// with the event still in the list. Every access is locked, so ThreadSanitizer is rightly silent; it
// shows only where a remove meets a lock held at all three tries.
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
        for _ in 0..<3 {
            if lock.try() {
                defer { lock.unlock() }
                storedEvents.removeAll { $0 == event }
                return
            }
            sched_yield()
        }
    }
}
