import RaceLabKit

extension FavoritesExercise {
    /// Round 3: one controller, and a catalog that changes its answer while the controller lives. Each
    /// event is added, removed, and added again once the catalog has changed its answer about it: some
    /// close, some reopen. The second add must follow the catalog's new answer: a controller that kept
    /// the first answer, and does not ask again, adds a closed event or leaves out an open one. Returns
    /// the faults found.
    static func answerChanges(_ scenario: inout Scenario, _ make: Maker) async -> Int {
        let events = events(scenario.int(in: 4...6))
        let order = scenario.shuffled(events)
        let closedFirst = Set(order.prefix(scenario.int(in: 1...events.count - 1)).map(\.id))
        let catalog = Catalog(closed: closedFirst, delayNanoseconds: UInt64(scenario.int(in: 0...2)) * 1_000_000)
        let controller = await make(catalog)
        note(
            "Round 3: \(events.count) events, each added, removed, and added again once the catalog changed its"
                + " answer (\(events.count - closedFirst.count) then closed, \(closedFirst.count) reopened)")
        var faults = 0
        for event in events {
            await controller.add(event)
            await controller.remove(event)
        }
        for event in events { catalog.changeAnswer(about: event) }
        for event in events { await controller.add(event) }
        let list = await controller.events
        for event in events {
            let (holds, closed) = (list.contains(event), catalog.isClosed(event))
            guard holds == closed else { continue }
            FaultLine(
                closed
                    ? "add(\(event)) after its catalog closed it, and the list holds it"
                    : "add(\(event)) after its catalog reopened it, and the list does not hold it",
                hint: "add asks the catalog every time: its answer can change"
            ).note()
            faults += 1
        }
        if faults == 0 {
            faults += judge(list, expected: Set(events.filter { !catalog.isClosed($0) }), catalog: catalog)
        }
        if faults == 0 { note("Every second add followed the catalog's new answer.") }
        return faults
    }
}
