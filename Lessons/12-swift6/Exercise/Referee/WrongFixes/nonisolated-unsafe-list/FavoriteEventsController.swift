import Lesson12Support

// Exercise 12, a known wrong fix: the class says it is Sendable, and the list that made the compiler
// refuse is marked `nonisolated(unsafe)`. That silences the compiler as `@unchecked Sendable` did:
// still nothing keeps two tasks from changing the list at once, and ThreadSanitizer reports it.
// must fail: race FavoriteEventsController.add or race FavoriteEventsController.remove or race FavoriteEventsController.events.getter or crash
// verdict leads with: FavoriteEventsController.swift:18 or FavoriteEventsController.swift:21 or FavoriteEventsController.swift:22 or FavoriteEventsController.swift:24 or FavoriteEventsController.swift:28 because "reads too, must go through the same lock"

final class FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    nonisolated(unsafe) private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        storedEvents
    }

    func add(_ event: Event) async {
        guard !storedEvents.contains(event) else { return }
        guard await catalog.isBookable(event) else { return }
        storedEvents.append(event)
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
