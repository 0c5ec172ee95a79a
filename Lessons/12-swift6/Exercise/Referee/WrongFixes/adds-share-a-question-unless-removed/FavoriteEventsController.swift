// Exercise 12, a wrong fix from issue 53's eighth adversarial round (it passed 3 of 3 runs): an add of
// an event whose add is under way shares that add's question to the catalog, unless a remove came in
// between. But the catalog's answer can change with no remove at all, and each add asks for itself.
// It passed while round 3's second adds each came after a remove; now every other one does not.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:18 because "each add asks the catalog itself"
import Lesson12Support

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []
    private var pending: [Event: Task<Bool, Never>] = [:]

    init(catalog: Catalog) { self.catalog = catalog }

    var events: [Event] { storedEvents }

    func add(_ event: Event) async {
        if storedEvents.contains(event) { return }
        let question: Task<Bool, Never>
        if let inFlight = pending[event] {
            question = inFlight  // same question, same answer: don't ask twice
        } else {
            let catalog = self.catalog
            question = Task { await catalog.isBookable(event) }
            pending[event] = question
        }
        let open = await question.value
        if pending[event] == question { pending[event] = nil }
        if open && !storedEvents.contains(event) { storedEvents.append(event) }
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
        pending[event] = nil  // answers asked before a remove are stale: ask afresh
    }
}
