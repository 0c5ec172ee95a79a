import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round (it passed 3 of 3 before round 1 removed the
// events several tasks added): the actor that awaits between its check and its append, its duplicates
// hidden by `events`, which lists each event once. `remove` takes one copy away, and the event is
// still listed.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:29 because "when remove returns, the event is"

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        var seen: Set<Event> = []
        return storedEvents.filter { seen.insert($0).inserted }
    }

    func add(_ event: Event) async {
        guard !storedEvents.contains(event) else { return }
        guard await catalog.isBookable(event) else { return }
        storedEvents.append(event)
    }

    func remove(_ event: Event) {
        if let index = storedEvents.firstIndex(of: event) {
            storedEvents.remove(at: index)
        }
    }
}
