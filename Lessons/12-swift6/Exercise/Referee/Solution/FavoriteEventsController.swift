import Lesson12Support

// Exercise 12, a solution: the controller as an actor. Its methods run one at a time, each to its end
// or to an `await`; at an `await` another call can run. So `add` asks the catalog first and then,
// with no `await` between them, checks the list and appends.

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
        guard await catalog.isBookable(event) else { return }
        // The actor may have run other calls while this one waited: check the list now.
        guard !storedEvents.contains(event) else { return }
        storedEvents.append(event)
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
