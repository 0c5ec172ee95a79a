import Foundation
import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round (the eighth: it passed 3 of 3 runs then): `add`
// appends on a serial queue, and resumes its caller first, then appends. When the caller reads the list
// before the queue's block has taken the lock, the event is not in it yet. On a quiet list the block
// almost always wins; rounds 3 and 4 find the event missing when the add returned and in a moment later.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:30 because "let its caller go on"

// @unchecked Sendable: `storedEvents` is read and written under `lock` (the fault is its logic).
final class FavoriteEventsController: FavoriteEvents, @unchecked Sendable {
    private let catalog: Catalog
    private let lock = NSLock()
    private let writes = DispatchQueue(label: "favorites.writes")
    private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        lock.withLock { storedEvents }
    }

    func add(_ event: Event) async {
        guard await catalog.isBookable(event) else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            writes.async {
                continuation.resume()  // the caller need not wait for the bookkeeping
                self.lock.withLock { if !self.storedEvents.contains(event) { self.storedEvents.append(event) } }
            }
        }
    }

    func remove(_ event: Event) {
        lock.withLock { storedEvents.removeAll { $0 == event } }
    }
}
