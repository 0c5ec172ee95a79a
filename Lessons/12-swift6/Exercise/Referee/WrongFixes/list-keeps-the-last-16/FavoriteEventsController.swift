// Exercise 12, a wrong fix from issue 53's sixteenth round (helper-38; it passed its runs): an actor
// whose list keeps the last 16 events and lets the oldest go, so an event whose add returned leaves the
// list though nobody removed it. No round held more than a few events at once but round 4's long list,
// and none looked there for the events its adds had put in; now it does, once the list is filled.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:27 because "an event added stays in the list until it is removed"
import Lesson12Support

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []
    private let capacity = 16

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        storedEvents
    }

    func add(_ event: Event) async {
        guard !storedEvents.contains(event) else { return }
        guard await catalog.isBookable(event) else { return }
        if !storedEvents.contains(event) {
            storedEvents.append(event)
            if storedEvents.count > capacity { storedEvents.removeFirst() }
        }
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
