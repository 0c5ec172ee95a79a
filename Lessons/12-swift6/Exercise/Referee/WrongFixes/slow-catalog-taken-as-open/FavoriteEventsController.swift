import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round (issue 40; it passed while every catalog
// answered within a few milliseconds): an actor, right in itself, that waits at most 30 ms for the
// catalog and then takes the event as open, "so the screen never waits". A closed event whose answer
// is slow gets in. Round 3's catalog answers after 100 to 200 ms.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:22 or FavoriteEventsController.swift:38 because "add asks the catalog every time" or "when remove returns, the event is out"

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
        let catalog = catalog
        let open = await withTaskGroup(of: Bool.self) { group in
            group.addTask { await catalog.isBookable(event) }
            group.addTask {
                try? await Task.sleep(nanoseconds: 30_000_000)
                return true
            }
            let first = await group.next() ?? true
            group.cancelAll()
            return first
        }
        guard open, !storedEvents.contains(event) else { return }
        storedEvents.append(event)
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
