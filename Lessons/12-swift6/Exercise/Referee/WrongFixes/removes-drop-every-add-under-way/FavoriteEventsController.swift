import Lesson12Support

// Exercise 12, a wrong fix from issue 40's third adversarial round (it passed 1 of 3 before round 3's
// second part added an open event's add during the removes): every remove bumps a generation, and an
// add that began before the latest remove drops its append, "so a slow add cannot bring back what the
// user removed". A remove of another event, while an add of an open event awaits the catalog, leaves
// that event out.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:24 or FavoriteEventsController.swift:32 because "a remove takes out its own" or "when remove returns, the event is out"

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []
    private var generation = 0

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        storedEvents
    }

    func add(_ event: Event) async {
        if storedEvents.contains(event) { return }
        let started = generation
        guard await catalog.isBookable(event) else { return }
        guard generation == started else { return }
        if !storedEvents.contains(event) { storedEvents.append(event) }
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
        generation += 1
    }
}
