import Dispatch
import RaceLabKit

extension FavoritesExercise {
    /// Round 3, again: 2 to 4 events, closed when a first add of each asks the catalog (which answers
    /// after 100 to 200 ms of real time). While those questions are out, the catalog reopens every
    /// event; then, in a task of its own for each event, a second add, which reads the list when it
    /// returns; before it, for every other event (the first among them), a remove of it (it is not in the
    /// list: nothing to do). An add that shares an add under way's question unless a remove came
    /// between passed with a remove before every second add (adversarial round 8). One more event, open all along,
    /// is added with the first adds: its add awaits the catalog while the others are removed, and its
    /// event must be in the list when it returns (a remove that drops every add under way drops it). The event was open from before
    /// the second add began until it returned, so it must be in the list then: an add that takes the
    /// answer to a question asked before it began (another add's, shared) leaves it out, and so does a
    /// remove that marks the adds under way as cancelled, when the mark outlives it. Returns the faults
    /// found.
    static func answerChangesWhileAsked(_ scenario: inout Scenario, _ make: Maker) async -> Int {
        let all = events(scenario.int(in: 3...5))
        // One more event, open all along, whose add awaits the catalog while the others are removed.
        let (events, witness) = (Array(all.dropLast()), all.last!)
        let delay = UInt64(scenario.int(in: 100...200)) * 1_000_000
        let catalog = Catalog(closed: Set(events.map(\.id)), delayNanoseconds: delay)
        let controller = await make(catalog)
        note(
            "Round 3, again: \(events.count) events, closed when a first add of each asks the catalog; it reopens"
                + " them while it has not answered yet; then a second add of each, after a remove of every other one;"
                + " meanwhile an add of an open event awaits its answer")
        let firstAdds = Task {
            await withTaskGroup(of: Void.self) { group in
                for event in events { group.addTask { await controller.add(event) } }
            }
        }
        let witnessAdd = Task {
            await controller.add(witness)
            return await controller.events.contains(witness)
        }
        // Every first add has asked (5 s of real time at most: a controller that never asks is judged by
        // the other rounds).
        let start = DispatchTime.now().uptimeNanoseconds
        while (events + [witness]).contains(where: { catalog.asks(for: $0) == 0 }),
            DispatchTime.now().uptimeNanoseconds - start < 5_000_000_000
        {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        for event in events { catalog.changeAnswer(about: event) }
        let missing = await withTaskGroup(of: Event?.self, returning: [Event].self) { group in
            for (index, event) in events.enumerated() {
                group.addTask {
                    if index % 2 == 0 { await controller.remove(event) }
                    await controller.add(event)
                    return await controller.events.contains(event) ? nil : event
                }
            }
            return await group.reduce(into: []) { if let event = $1 { $0.append(event) } }
        }
        await firstAdds.value
        let witnessIn = await witnessAdd.value
        // An event missing when its add returned, yet in the list a moment later, was put in by that add
        // after it returned (no other add of it could: the first ones were told it was closed).
        let later = missing.isEmpty && witnessIn ? [] : await inLater(missing + [witness], of: controller)
        var faults = 0
        for event in (missing + (witnessIn ? [] : [witness])).filter(later.contains).sorted(by: { $0.id < $1.id }) {
            FaultLine(
                "`add`(\(event)) returned before its event was in the list: it was in a moment later",
                hint: addReturnedEarly
            ).note()
            faults += 1
        }
        if !witnessIn, !later.contains(witness) {
            // An add that never asked took an answer kept from before (a cache): that, not the removes, is
            // what left it out.
            if catalog.asks(for: witness) == 0 {
                FaultLine(
                    "`add`(\(witness)), open all along, never asked the catalog; when it returned, the list did not"
                        + " hold it",
                    hint: "add asks the catalog every time, and awaits its answer however long it takes: the answer"
                        + " can change"
                ).note()
            } else {
                FaultLine(
                    "`add`(\(witness)), open all along, was waiting for the catalog while other events were removed;"
                        + " when it returned, the list did not hold it",
                    hint: "a remove takes out its own event, and no other: an add of an open event puts it in"
                ).note()
            }
            faults += 1
        }
        for event in missing.filter({ !later.contains($0) }).sorted(by: { $0.id < $1.id }) {
            let removed = events.firstIndex(of: event)! % 2 == 0
            FaultLine(
                "`add`(\(event)) began after its catalog reopened it"
                    + (removed ? " (and after a remove of it had returned)" : "")
                    + ", while another add's question about it was out; when it returned, the list did not hold it",
                hint: "each add asks the catalog itself, once it has begun, and adds an open event: an answer to a"
                    + " question asked before then can be out of date, and a remove that returned is over"
            ).note()
        }
        faults += missing.filter { !later.contains($0) }.count
        if faults == 0 {
            faults += judge(await controller.events, expected: Set(all), catalog: catalog)
        }
        if faults == 0 {
            note(
                "Every second add asked for itself and found the event open; each is in the list once, and so is the open one."
            )
        }
        return faults
    }
}
