import Lesson12Support

// Exercise 12, a wrong fix from issue 53's fourth adversarial round (helper-18: it passed 4 of 5 runs):
// an add of an event whose add is under way waits for it, parked in a list the first add resumes; but
// it is parked by a detached task of its own, not in the actor turn that found the other add under way.
// Where the first add is over before that task runs (a closed event, a catalog that answers at once),
// the add is parked with nothing left to resume it, and never returns: round 1, again, finds it in most
// runs (28 to 37 of 80 adds stuck, quiet; 3 of 6 loaded runs), or a later round hangs on it.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:37 because "park an add that waits for another in the same actor turn" or "Something waits forever"

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []
    private var busy: Set<Event> = []
    private var waiting: [Event: [CheckedContinuation<Void, Never>]] = [:]

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        storedEvents
    }

    private func register(_ event: Event, _ c: CheckedContinuation<Void, Never>) {
        if storedEvents.contains(event) {
            c.resume()
            return
        }
        waiting[event, default: []].append(c)
    }

    func add(_ event: Event) async {
        if storedEvents.contains(event) { return }
        if busy.contains(event) {
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                Task.detached { await self.register(event, c) }
            }
            if storedEvents.contains(event) { return }
        }
        busy.insert(event)
        let open = await catalog.isBookable(event)
        if open, !storedEvents.contains(event) { storedEvents.append(event) }
        busy.remove(event)
        for c in waiting.removeValue(forKey: event) ?? [] { c.resume() }
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
