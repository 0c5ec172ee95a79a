import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round (it passed 3 of 3 before round 1 read the list
// after each add): an actor that marks an add in flight, so a second add of the same event does not
// ask the catalog again. No duplicates, no race; but that second add returns at once, before the first
// has put the event in: "when add returns, the event is in" does not hold for it.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:23 or FavoriteEventsController.swift:31 because "each add asks the catalog itself" or "when remove returns, the event is out"

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []
    private var inFlight: Set<Event> = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        storedEvents
    }

    func add(_ event: Event) async {
        guard !storedEvents.contains(event), !inFlight.contains(event) else { return }
        inFlight.insert(event)
        defer { inFlight.remove(event) }
        guard await catalog.isBookable(event) else { return }
        storedEvents.append(event)
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
