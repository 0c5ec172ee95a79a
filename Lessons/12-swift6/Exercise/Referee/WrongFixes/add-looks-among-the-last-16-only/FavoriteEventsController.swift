// Exercise 12, a wrong fix from issue 53's seventeenth round (helper-42; it passed 2 of 2): after the
// catalog answers, `add` looks for the event among the 16 most recent entries only ("only adds racing
// this one can have appended it meanwhile"), so an event further back is appended a second time. Round
// 4's long list had its events added again near its end, but no one looked at the list after; now the
// driver does.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:22 because "an event is never in the list twice"
import Lesson12Support

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        storedEvents
    }

    func add(_ event: Event) async {
        guard await catalog.isBookable(event) else { return }
        // Only adds racing this one can have appended it meanwhile, and those are recent.
        if !storedEvents.suffix(16).contains(event) {
            storedEvents.append(event)
        }
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
