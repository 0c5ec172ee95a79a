import Lesson12Support

// Exercise 12, a wrong fix from an adversarial round (it passed 3 of 3 before round 2 read the list
// at a higher priority than its calls): `events` hands out a copy that a `Task` of the actor brings up
// to date after each change. The actor ran that task before a later read when both had the same
// priority; SE-0306 promises no such order ("tasks awaiting an actor are not guaranteed to be run in
// the same order they originally awaited that actor"), and a read of higher priority runs first: the
// event just added is not in the list. Where the rounds' timing misses it, the schedule explorer
// finds it (a stress beside two busy loops, 1 run of 3), and round 2, again, reads at once.
// must fail: output or explorer
// verdict leads with: FavoriteEventsController.swift:26 or FavoriteEventsController.swift:32 or FavoriteEventsController.swift:38 because "when add returns, the event must" or "when remove returns, the event is out" or "returned before it was in the list"

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []
    private var published: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        published
    }

    func add(_ event: Event) async {
        guard await catalog.isBookable(event) else { return }
        if !storedEvents.contains(event) { storedEvents.append(event) }
        publishSoon()
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
        publishSoon()
    }

    private func publishSoon() {
        Task { self.publish() }
    }

    private func publish() {
        published = storedEvents
    }
}
