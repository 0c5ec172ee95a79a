import RaceLabKit

extension FavoritesExercise {
    /// Round 3: two controllers on one catalog, a slow one that changes its answers while they live.
    /// Each event is added to the first controller, removed, and added again once the catalog has
    /// changed its answer about it: some close, some reopen. Every event's calls run in a task of its
    /// own, all at once, and the catalog answers after 100 to 200 ms of real time. The second add must
    /// follow the catalog's new answer: a controller that kept the first answer, and does not ask
    /// again, adds a closed event or leaves out an open one; one that stops waiting for a slow catalog
    /// decides without it. The second controller adds nothing, and must hold nothing: two controllers
    /// share nothing, even with one catalog. Returns the faults found.
    static func answerChanges(_ scenario: inout Scenario, _ make: Maker) async -> Int {
        let events = events(scenario.int(in: 4...6))
        let order = scenario.shuffled(events)
        let closedFirst = Set(order.prefix(scenario.int(in: 1...events.count - 1)).map(\.id))
        let delay = UInt64(scenario.int(in: 100...200)) * 1_000_000
        let catalog = Catalog(closed: closedFirst, delayNanoseconds: delay)
        let (controller, other) = (await make(catalog), await make(catalog))
        note(
            "Round 3: two controllers on one catalog, which answers after \(delay / 1_000_000) ms; \(events.count) events,"
                + " each added to the first, removed, and added again once the catalog changed its answer"
                + " (\(events.count - closedFirst.count) then closed, \(closedFirst.count) reopened)")
        // Whether each event was in the list right before its remove and right after it: no other call
        // of it is under way then, so one still in after is a remove that left it (adversarial round 7:
        // a remove that gives up on a busy lock), and one in only after is an add that appended after it
        // returned (its event came in behind the remove's back).
        let aroundRemoves = Locked<[Event: (before: Bool, after: Bool)]>([:])
        await withTaskGroup(of: Void.self) { group in
            for event in events {
                group.addTask {
                    await controller.add(event)
                    let before = await controller.events.contains(event)
                    await controller.remove(event)
                    let after = await controller.events.contains(event)
                    aroundRemoves.withLock { $0[event] = (before, after) }
                }
            }
        }
        var faults = 0
        for (event, seen) in aroundRemoves.current.sorted(by: { $0.key.id < $1.key.id }) where seen.after {
            FaultLine(
                seen.before
                    ? "`remove`(\(event)) returned with its event still in the list, no other call of it under way"
                    : "`add`(\(event)) returned before its event was in the list: it came in after `remove`(\(event))",
                hint: seen.before
                    ? "when remove returns, the event is out: did remove return too soon, or leave a copy the list does"
                        + " not show?"
                    : addReturnedEarly
            ).note()
            faults += 1
        }
        // A moment later, an event whose add and remove both returned with it out, and which is in now,
        // came in behind both: its add went on after it returned (adversarial round 8's late append).
        try? await Task.sleep(nanoseconds: 100_000_000)
        let afterBoth = await controller.events
        let reported = Set(aroundRemoves.current.filter { $0.value.after }.keys)
        for event in events where afterBoth.contains(event) && !reported.contains(event) {
            FaultLine(
                "`add`(\(event)) and `remove`(\(event)) both returned, the event out of the list, and it was in a"
                    + " moment later",
                hint: addReturnedEarly
            ).note()
            faults += 1
        }
        // Each left in is taken out, so that the second adds start from an empty list again.
        for event in events { await controller.remove(event) }
        for event in events { catalog.changeAnswer(about: event) }
        await withTaskGroup(of: Void.self) { group in
            for event in events { group.addTask { await controller.add(event) } }
        }
        let list = await controller.events
        // A reopened event missing when its add returned, and in the list a moment later: the add went
        // on after it returned (no other add of it was under way).
        let missing = events.filter { !catalog.isClosed($0) && !list.contains($0) }
        let later = missing.isEmpty ? [] : await inLater(missing, of: controller)
        for event in events {
            let (holds, closed) = (list.contains(event), catalog.isClosed(event))
            guard holds == closed else { continue }
            if later.contains(event) {
                FaultLine(
                    "`add`(\(event)), after its catalog reopened it, returned before its event was in the list: it"
                        + " was in a moment later",
                    hint: addReturnedEarly
                ).note()
                faults += 1
                continue
            }
            FaultLine(
                closed
                    ? "`add`(\(event)) after its catalog closed it, and the list holds it"
                    : "`add`(\(event)) after its catalog reopened it, and the list does not hold it",
                hint: "add asks the catalog every time, and awaits its answer however long it takes: the answer can"
                    + " change"
            ).note()
            faults += 1
        }
        if faults == 0 {
            faults += judge(list, expected: Set(events.filter { !catalog.isClosed($0) }), catalog: catalog)
        }
        faults += await addedAgainAfterClosing(
            events.filter { list.contains($0) && !catalog.isClosed($0) }, controller, catalog)
        let others = await other.events
        if !others.isEmpty {
            FaultLine(
                "a second controller on the same catalog, which added nothing, holds \(others.count) events: "
                    + SharedStore.words + " (a `static` one, or one outside the type?)",
                hint: "two controllers share nothing, whatever catalog they ask"
            ).note()
            faults += 1
        }
        if faults == 0 {
            note("Every second add followed the catalog's new answer; the second controller held nothing.")
        }
        return faults
    }

    /// Then every event the list holds is closed by its catalog and added again, all at once: each
    /// stays in the list, while those adds await the catalog and when they return (an event already in
    /// the list needs no asking, and an add takes nothing out: adversarial round 9's add moved its
    /// event to the end, taking it out while it asked, and dropped it when the catalog said closed).
    static func addedAgainAfterClosing(_ held: [Event], _ controller: any FavoriteEvents, _ catalog: Catalog) async
        -> Int
    {
        guard !held.isEmpty else { return 0 }
        for event in held { catalog.changeAnswer(about: event) }
        let adds = Task {
            await withTaskGroup(of: Void.self) { group in
                for event in held { group.addTask { await controller.add(event) } }
            }
        }
        // The catalog answers after 100 ms or more: a read 30 ms in comes while the adds that ask await it.
        try? await Task.sleep(nanoseconds: 30_000_000)
        let during = await controller.events
        await adds.value
        let after = await controller.events
        let lost = held.filter { !during.contains($0) || !after.contains($0) }
        for event in lost {
            FaultLine(
                "`add`(\(event)), which the list held, after its catalog closed it: the list did not hold it "
                    + (after.contains(event) ? "while add was under way" : "when add returned"),
                hint: "an event already in the list needs no asking: add leaves it in, and takes nothing out"
            ).note()
        }
        return lost.count
    }
}
