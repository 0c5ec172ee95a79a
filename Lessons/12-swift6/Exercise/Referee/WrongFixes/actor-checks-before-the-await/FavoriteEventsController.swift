import Lesson12Support

// Exercise 12, a known wrong fix: the controller as an actor, its code as it was. Swift 6 accepts it
// and ThreadSanitizer is silent: no two calls touch the list at once. But an actor runs another call
// at every `await`, and `add` checks the list, awaits the catalog, then appends: two adds of one event
// both check before either appends, and the event is in the list twice.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:24 or FavoriteEventsController.swift:28 because "another add got in between checking" or "when remove returns, the event is out"

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []

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
