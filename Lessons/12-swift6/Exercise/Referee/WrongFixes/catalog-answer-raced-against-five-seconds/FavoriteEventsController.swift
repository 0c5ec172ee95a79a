import Lesson12Support

// Exercise 12, a wrong fix from issue 53's twelfth adversarial round (helper-29, it passed 5 of 5): the
// catalog's answer raced against a 5 s timeout, a late answer taken as closed. Every answer the driver
// plays comes within 5 s, so the runs are right; the task says add waits however long the answer
// takes, and no run can wait out every timeout, so the runner reads the file for a clock.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:27 because "however long it takes"

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
                try? await Task.sleep(for: .seconds(5))
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
