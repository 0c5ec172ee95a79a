import Lesson12Support

// Exercise 12, a wrong fix from issue 40's third adversarial round (it passed 3 of 3 before round 3's
// second part removed an event between two adds): a remove marks the adds of that event under way as
// cancelled, and the mark stays until the last of them ends. An add that begins after the remove has
// returned, while an earlier add still awaits the catalog, returns without the open event.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:42 or FavoriteEventsController.swift:51 because "each add asks the catalog itself" or "when remove returns, the event is out"

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []
    private var removedWhileAsking: [Event] = []
    private var askingCount: [(Event, Int)] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        storedEvents
    }

    private func begin(_ event: Event) {
        if let i = askingCount.firstIndex(where: { $0.0 == event }) {
            askingCount[i].1 += 1
        } else {
            askingCount.append((event, 1))
        }
    }

    private func end(_ event: Event) {
        if let i = askingCount.firstIndex(where: { $0.0 == event }) {
            askingCount[i].1 -= 1
            if askingCount[i].1 == 0 {
                askingCount.remove(at: i)
                removedWhileAsking.removeAll { $0 == event }
            }
        }
    }

    func add(_ event: Event) async {
        begin(event)
        let bookable = await catalog.isBookable(event)
        let cancelled = removedWhileAsking.contains(event)
        end(event)
        guard bookable, !cancelled, !storedEvents.contains(event) else { return }
        storedEvents.append(event)
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
        if askingCount.contains(where: { $0.0 == event }) && !removedWhileAsking.contains(event) {
            removedWhileAsking.append(event)
        }
    }
}
