import Dispatch
import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round: a semaphore held across the catalog's `await`,
// so that the check and the append are one critical section. It compiles, and it stops: the tasks
// that wait on the semaphore block the threads of Swift's cooperative pool, a few (about one a core),
// and the task that holds it cannot resume on any of them to signal. The driver's watchdog ends it.
// must fail: timeout
// verdict leads with: FavoriteEventsController.swift:22 because "Something waits forever"

// @unchecked Sendable: `storedEvents` is under `semaphore` (the fault is the blocked pool).
final class FavoriteEventsController: FavoriteEvents, @unchecked Sendable {
    private let catalog: Catalog
    private let semaphore = DispatchSemaphore(value: 1)
    private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        semaphore.wait()
        defer { semaphore.signal() }
        return storedEvents
    }

    func add(_ event: Event) async {
        enter()
        defer { semaphore.signal() }
        guard !storedEvents.contains(event) else { return }
        guard await catalog.isBookable(event) else { return }
        storedEvents.append(event)
    }

    /// (Apple's Dispatch refuses `semaphore.wait()` written in an async function, an error in Swift 6
    /// mode there; a synchronous function that calls it is allowed, SE-0340, and blocks all the same.)
    private func enter() {
        semaphore.wait()
    }

    func remove(_ event: Event) {
        semaphore.wait()
        defer { semaphore.signal() }
        storedEvents.removeAll { $0 == event }
    }
}
