import Lesson12Support

// Exercise 12, a known wrong fix: the list belongs to the main actor, and each method reaches it with
// `MainActor.assumeIsolated`, which compiles because it promises the call already runs there. The
// driver's tasks do not run on the main actor, and the promise is checked at run time: the program
// stops ("Incorrect actor executor assumption").
// must fail: crash
// verdict leads with: FavoriteEventsController.swift:29 because "run-time isolation check (SE-0423)"

final class FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    @MainActor private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        MainActor.assumeIsolated { storedEvents }
    }

    func add(_ event: Event) async {
        guard await catalog.isBookable(event) else { return }
        store(event)
    }

    // (`assumeIsolated` cannot be called in an async function: Swift 6 says to await instead.)
    private func store(_ event: Event) {
        MainActor.assumeIsolated {
            if !storedEvents.contains(event) { storedEvents.append(event) }
        }
    }

    func remove(_ event: Event) {
        MainActor.assumeIsolated { storedEvents.removeAll { $0 == event } }
    }
}
