import Foundation
import Lesson12Support

// Exercise 12, a wrong fix from issue 53's fifth adversarial round (it passed 5 of 5): every
// controller's list in one locked table, keyed by `ObjectIdentifier(self)` and never emptied. A
// controller made where a freed one lived finds that one's list. The driver now makes 100
// controllers one after another, each let go before the next, and each must start empty.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:31 or FavoriteEventsController.swift:24 or FavoriteEventsController.swift:19 because "two controllers share nothing"

// @unchecked Sendable: `lists` is read and written under `lock`.
private final class Lists: @unchecked Sendable {
    private let lock = NSLock()
    private var lists: [ObjectIdentifier: [Event]] = [:]
    func withList<T>(_ key: ObjectIdentifier, _ body: (inout [Event]) -> T) -> T {
        lock.withLock { body(&lists[key, default: []]) }
    }
}
private let lists = Lists()

final class FavoriteEventsController: FavoriteEvents, Sendable {
    private let catalog: Catalog

    var events: [Event] { lists.withList(ObjectIdentifier(self)) { $0 } }

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    func add(_ event: Event) async {
        guard !events.contains(event) else { return }
        guard await catalog.isBookable(event) else { return }
        lists.withList(ObjectIdentifier(self)) { list in
            if !list.contains(event) { list.append(event) }
        }
    }

    func remove(_ event: Event) async {
        lists.withList(ObjectIdentifier(self)) { $0.removeAll { $0 == event } }
    }
}
