import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round (it passed 3 of 3 before round 2 added a removed
// event again): an actor that remembers every event it was asked to add and ignores later adds of it.
// No duplicates, no race; but a second add of an event under way returns before it is in, and an
// event once removed can never be added again.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:23 or FavoriteEventsController.swift:29 because "add asks the catalog every time" or "when remove returns, the event is out"

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []
    private var requested: Set<Event> = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        storedEvents
    }

    func add(_ event: Event) async {
        guard requested.insert(event).inserted else { return }
        guard await catalog.isBookable(event) else { return }
        storedEvents.append(event)
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
