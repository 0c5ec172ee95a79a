import Lesson12Support

// Exercise 12, a known wrong fix: an actor that no longer asks the catalog, which takes the `await`
// out of `add` and with it the chance for another add to get in. No duplicates, no race; but closed
// events are added too.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:21 or FavoriteEventsController.swift:26 because "add asks the catalog every time" or "when remove returns, the event is out"

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        storedEvents
    }

    func add(_ event: Event) {
        guard !storedEvents.contains(event) else { return }
        storedEvents.append(event)
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
