import Lesson12Support

// Exercise 12, a wrong fix from issue 40's second adversarial round (it passed 3 of 3 before round 3
// had its second part): an actor whose overlapping adds of one event share one catalog question, each
// awaiting its answer. An add that begins after the catalog changed its answer takes the answer to a
// question asked before it began: the event open all through that add is not in the list when it
// returns.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:24 or FavoriteEventsController.swift:40 because "each add asks the catalog itself" or "when remove returns, the event is out"

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []
    private var asking: [(event: Event, answer: Task<Bool, Never>)] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        storedEvents
    }

    func add(_ event: Event) async {
        guard !storedEvents.contains(event) else { return }
        let answer: Task<Bool, Never>
        if let inFlight = asking.first(where: { $0.event == event })?.answer {
            answer = inFlight
        } else {
            let catalog = self.catalog
            answer = Task { await catalog.isBookable(event) }
            asking.append((event, answer))
        }
        let open = await answer.value
        asking.removeAll { $0.event == event && $0.answer == answer }
        guard open, !storedEvents.contains(event) else { return }
        storedEvents.append(event)
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
