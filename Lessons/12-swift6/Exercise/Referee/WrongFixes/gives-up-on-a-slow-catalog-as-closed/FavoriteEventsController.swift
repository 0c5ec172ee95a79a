import Lesson12Support

// Exercise 12, a wrong fix from issue 40's third adversarial round (it passed 3 of 3 before the slow
// catalog beside the rounds): a second's wait for the catalog, and a late answer taken as closed. The
// task says add waits however long the answer takes: an open event whose catalog is slow is left out.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:21 because "a late answer is still the answer"

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
        let catalog = self.catalog
        let bookable = await withTaskGroup(of: Bool?.self) { group -> Bool in
            group.addTask { await catalog.isBookable(event) }
            group.addTask {
                try? await Task.sleep(nanoseconds: 1_000_000_000)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? false
        }
        guard bookable, !storedEvents.contains(event) else { return }
        storedEvents.append(event)
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
