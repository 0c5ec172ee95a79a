import Lesson12Support

// Exercise 12, a wrong fix from issue 53's ninth adversarial round (it passed 4 of 4 runs then): adding
// an event the list already holds moves it to the end: the add takes it out, asks the catalog, and puts
// it back if the answer is open. While it asks, the event is missing though nothing removed it, and
// when the catalog has closed it meanwhile, it is gone. The task: an event already in the list needs
// no asking, and when `add` returns, the event is in. Round 3 now closes every event the list holds
// and adds it again.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:22 or FavoriteEventsController.swift:23 because "an event already in the list needs no asking"

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] { storedEvents }

    func add(_ event: Event) async {
        storedEvents.removeAll { $0 == event }  // added again: moved to the end
        guard await catalog.isBookable(event) else { return }
        if !storedEvents.contains(event) { storedEvents.append(event) }
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
