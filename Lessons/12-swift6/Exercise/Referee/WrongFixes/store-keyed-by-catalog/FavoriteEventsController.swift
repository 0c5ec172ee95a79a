import Foundation
import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round (issue 40; it passed while every controller had
// a catalog of its own): every controller's list in one locked store, keyed by its catalog. Two
// controllers on one catalog share a list. Round 3 makes two controllers on one catalog.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:18 because "two controllers share nothing"

// @unchecked Sendable: `lists` is read and written under `lock`.
private final class Store: @unchecked Sendable {
    private let lock = NSLock()
    private var lists: [ObjectIdentifier: [Event]] = [:]
    func change<Result>(_ key: ObjectIdentifier, _ body: (inout [Event]) -> Result) -> Result {
        lock.withLock { body(&lists[key, default: []]) }
    }
}
private let store = Store()

final class FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var key: ObjectIdentifier { ObjectIdentifier(catalog) }

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        store.change(key) { $0 }
    }

    func add(_ event: Event) async {
        guard await catalog.isBookable(event) else { return }
        store.change(key) { if !$0.contains(event) { $0.append(event) } }
    }

    func remove(_ event: Event) {
        store.change(key) { $0.removeAll { $0 == event } }
    }
}
