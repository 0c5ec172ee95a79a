import Foundation
import Lesson12Support

// Exercise 12, a known wrong fix: a lock around every touch of the list, in an `@unchecked Sendable`
// class. ThreadSanitizer is silent, but `add` checks under the lock, lets it go to await the catalog,
// and appends under it again: another add of the same event checks in between, and both append.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:26 or FavoriteEventsController.swift:30 because "another add got in between checking" or "when remove returns, the event is out"

// @unchecked Sendable: `storedEvents` is under `lock` (the fault is check-then-act across the await).
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
        guard !lock.withLock({ storedEvents.contains(event) }) else { return }
        guard await catalog.isBookable(event) else { return }
        lock.withLock { storedEvents.append(event) }
    }

    func remove(_ event: Event) {
        lock.withLock { storedEvents.removeAll { $0 == event } }
    }
}
