import Lesson12Support

// Exercise 12, a known wrong fix (issue 53's seventh round: it passed 3 of 3 runs): an add called from
// a task of low priority asks the catalog and appends in a task of its own, and returns at once, as if
// a caller of low priority need not wait for the list. When `add` returns, the event is not in yet.
// Round 2 calls from tasks of low priority that nobody awaits (a task awaited from a higher priority
// runs at that priority), and reads the list right after each call.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:27 or FavoriteEventsController.swift:31 because "when add returns, the event must be in"

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        storedEvents
    }

    private func appendIfMissing(_ event: Event) {
        if !storedEvents.contains(event) { storedEvents.append(event) }
    }

    func add(_ event: Event) async {
        if storedEvents.contains(event) { return }
        if Task.currentPriority < .medium {
            let catalog = self.catalog
            Task(priority: .background) {
                if await catalog.isBookable(event) { self.appendIfMissing(event) }
            }
            return
        }
        guard await catalog.isBookable(event) else { return }
        appendIfMissing(event)
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
