import Foundation
import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round (it passed 3 of 3 while every round's events had
// ids of their own): the lock class, right in itself, with the catalog's answers kept for good in a
// global cache by event id. The next controller's catalog is not asked, and it has closed other events.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:33 or FavoriteEventsController.swift:47 because "add asks the catalog every time" or "each add asks the catalog itself" or "when remove returns, the event is out"

// @unchecked Sendable: `answers` is read and written under `lock`.
private final class AnswerCache: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [Int: Bool] = [:]
    func answer(for id: Int) -> Bool? { lock.withLock { answers[id] } }
    func keep(_ answer: Bool, for id: Int) { lock.withLock { answers[id] = answer } }
}
private let bookable = AnswerCache()

// @unchecked Sendable: `storedEvents` is under `lock` (the fault is the global cache).
final class FavoriteEventsController: FavoriteEvents, @unchecked Sendable {
    private let catalog: Catalog
    private let lock = NSLock()
    private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        lock.withLock { storedEvents }
    }

    func add(_ event: Event) async {
        let open: Bool
        if let known = bookable.answer(for: event.id) {
            open = known
        } else {
            open = await catalog.isBookable(event)
            bookable.keep(open, for: event.id)
        }
        guard open else { return }
        lock.withLock {
            if !storedEvents.contains(event) { storedEvents.append(event) }
        }
    }

    func remove(_ event: Event) {
        lock.withLock { storedEvents.removeAll { $0 == event } }
    }
}
