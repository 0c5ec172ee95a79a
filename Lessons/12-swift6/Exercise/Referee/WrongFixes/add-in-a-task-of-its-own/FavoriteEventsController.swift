import Lesson12Support

// Exercise 12, a known wrong fix: the list in an actor, and `add` and `remove` start a `Task` that
// calls it and return at once. Nothing races, and the list ends right, but a caller that reads the
// list after `add` returns does not find the event: the task has not run yet.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:12 or FavoriteEventsController.swift:15 or FavoriteEventsController.swift:29 because "add asks the catalog every time" or "when remove returns, the event is out" or "when add returns, the event must"

final class FavoriteEventsController: FavoriteEvents {
    private actor Store {
        var events: [Event] = []
        func add(_ event: Event) {
            if !events.contains(event) { events.append(event) }
        }
        func remove(_ event: Event) { events.removeAll { $0 == event } }
    }
    private let catalog: Catalog
    private let store = Store()

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        get async { await store.events }
    }

    func add(_ event: Event) {
        Task {
            guard await catalog.isBookable(event) else { return }
            await store.add(event)
        }
    }

    func remove(_ event: Event) {
        Task { await store.remove(event) }
    }
}
