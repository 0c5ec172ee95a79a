// Exercise 12, a wrong fix from issue 53's twelfth adversarial round (it passed 5 of 5 then): an
// actor whose `remove`, not isolated to it, hands the removal to a task of its own and sleeps 2 ms,
// taking that to be long enough for the task to have run. Nothing orders the two: when the global
// executor lets the sleep's end go first, `remove` returns with the event still in the list.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:29 because "when remove returns, the event is out"
import Lesson12Support

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
        guard !storedEvents.contains(event) else { return }
        guard await catalog.isBookable(event), !storedEvents.contains(event) else { return }
        storedEvents.append(event)
    }

    /// Leaves the actor free for the adds: the removal runs on it a moment later.
    nonisolated func remove(_ event: Event) async {
        Task { await self.removeNow(event) }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }

    private func removeNow(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
