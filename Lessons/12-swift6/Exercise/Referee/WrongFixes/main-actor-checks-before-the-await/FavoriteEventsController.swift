import Lesson12Support

// Exercise 12, a known wrong fix: the whole controller on the main actor, its code as it was. Swift 6
// accepts it and ThreadSanitizer is silent, but the main actor, like any actor, runs other work at
// every `await`: two adds of one event both check before either appends.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:24 or FavoriteEventsController.swift:28 because "another add got in between checking" or "when remove returns, the event is out"

@MainActor
final class FavoriteEventsController: FavoriteEvents {
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
        guard await catalog.isBookable(event) else { return }
        storedEvents.append(event)
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
