import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round (issue 40; it passed every run while no
// catalog changed its answers): an actor, right in itself, that remembers the catalog's answer about
// each event for as long as it lives, "to save a round trip". The catalog's answer can change: an
// event added, removed and added again after its catalog closed it is added again.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:23 or FavoriteEventsController.swift:35 because "add asks the catalog every time" or "when remove returns, the event is out"

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []
    private var bookable: [Event: Bool] = [:]

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        storedEvents
    }

    func add(_ event: Event) async {
        let open: Bool
        if let known = bookable[event] {
            open = known
        } else {
            open = await catalog.isBookable(event)
            bookable[event] = open
        }
        guard open, !storedEvents.contains(event) else { return }
        storedEvents.append(event)
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
