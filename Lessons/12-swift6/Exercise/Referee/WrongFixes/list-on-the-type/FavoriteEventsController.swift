import Lesson12Support

// Exercise 12, a known wrong fix: the list moved to a `static` on the main actor, where Swift 6 lets a
// shared `var` live. Each add asks first and checks and appends in one step on the main actor, so no
// duplicates and no race; but every controller now shares one list.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:10 because "two controllers share nothing"

final class FavoriteEventsController: FavoriteEvents {
    @MainActor private static var storedEvents: [Event] = []
    private let catalog: Catalog

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        get async { await Self.storedEvents }
    }

    func add(_ event: Event) async {
        guard await catalog.isBookable(event) else { return }
        await MainActor.run {
            if !Self.storedEvents.contains(event) { Self.storedEvents.append(event) }
        }
    }

    func remove(_ event: Event) async {
        await MainActor.run { Self.storedEvents.removeAll { $0 == event } }
    }
}
