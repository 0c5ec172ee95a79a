import RaceLabKit

extension FavoritesExercise {
    /// Beside the rounds: a controller whose catalog answers after 3 s of real time (past the rounds'
    /// end, so that a wait of a given length gets one verdict), and two adds at once, of an open event
    /// and of a closed one. An add that stops waiting for the answer sooner, and decides without it,
    /// leaves the open event out or lets the closed one in. Returns the faults and the line that says
    /// them, for after round 5.
    ///
    /// Meanwhile, two controllers share nothing: a second controller, whose catalog answers at once,
    /// adds the open event while the slow add of it is out, and must be done within 1 s (a table of adds
    /// under way kept for every controller holds it up for the slow one: adversarial round 5).
    static func slowCatalog(_ make: Maker) async -> (Int, String) {
        let (open, closed) = (Event(id: 201), Event(id: 202))
        let catalog = Catalog(closed: [closed.id], delayNanoseconds: 3_000_000_000)
        let controller = await make(catalog)
        async let beside = addedBeside(open, whileAskedOf: catalog, make)
        await withTaskGroup(of: Void.self) { group in
            for event in [open, closed] { group.addTask { await controller.add(event) } }
        }
        let other = await beside
        let answered = catalog.answers(for: open) > 0
        let list = await controller.events
        // Missing though the answer had come, and in a moment later: the add returned before its append.
        var late = false
        if !list.contains(open) && answered { late = await !inLater([open], of: controller).isEmpty }
        let start = "Beside the rounds, a catalog that answers after 3 s, asked about an open event and a closed one: "
        var wrong: [String] = []
        if !list.contains(open) && !late { wrong.append("the open one is not in the list") }
        if list.contains(closed) { wrong.append("the closed one is in the list") }
        var lines: [String] = []
        if late {
            lines.append(
                FaultLine(
                    start + "`add` of the open one returned after the answer came, but before its event was in the"
                        + " list: it was in a moment later",
                    hint: addReturnedEarly
                ).text)
        }
        if !wrong.isEmpty {
            lines.append(
                FaultLine(
                    start + wrong.joined(separator: ", and ") + " when `add` returned",
                    hint: "add waits for the catalog's answer however long it takes: a late answer is still the answer"
                ).text)
        }
        if other != true {
            lines.append(
                FaultLine(
                    "while one controller's `add`(\(open)) awaited the slow catalog, another's, whose catalog answers at"
                        + " once, "
                        + (other == nil ? "had not returned 1 s later" : "returned, and its list did not hold it"),
                    hint: "two controllers share nothing, not even a note of the adds under way"
                ).text)
        }
        guard !lines.isEmpty else { return (0, start + "the open one added, the closed one not.") }
        return (wrong.count + (late ? 1 : 0) + (other == true ? 0 : 1), lines.joined(separator: "\n"))
    }

    /// Whether a new controller, whose catalog answers at once, adds `event` within 1 s of real time and
    /// holds it then (nil: not returned), once `catalog` has been asked about it (2 s at most: a
    /// controller that never asks is judged by the rounds).
    private static func addedBeside(_ event: Event, whileAskedOf catalog: Catalog, _ make: Maker) async -> Bool? {
        var waited = 0
        while catalog.asks(for: event) == 0 && waited < 2000 {
            try? await Task.sleep(nanoseconds: 1_000_000)
            waited += 1
        }
        let controller = await make(Catalog(closed: [], delayNanoseconds: 0))
        guard await returned(within: 1, { await controller.add(event) }) != nil else { return nil }
        return await controller.events.contains(event)
    }
}
