import Dispatch
import RaceLabKit

extension FavoritesExercise {
    /// Round 3, again: 2 to 4 events, closed when a first add of each asks the catalog (which answers
    /// after 100 to 200 ms of real time). While those questions are out, the catalog reopens every
    /// event; then, in a task of its own for each event, a remove of it (it is not in the list: nothing
    /// to do) and a second add, which reads the list when it returns. The event was open from before
    /// the second add began until it returned, so it must be in the list then: an add that takes the
    /// answer to a question asked before it began (another add's, shared) leaves it out, and so does a
    /// remove that marks the adds under way as cancelled, when the mark outlives it. Returns the faults
    /// found.
    static func answerChangesWhileAsked(_ scenario: inout Scenario, _ make: Maker) async -> Int {
        let events = events(scenario.int(in: 2...4))
        let delay = UInt64(scenario.int(in: 100...200)) * 1_000_000
        let catalog = Catalog(closed: Set(events.map(\.id)), delayNanoseconds: delay)
        let controller = await make(catalog)
        note(
            "Round 3, again: \(events.count) events, closed when a first add of each asks the catalog; it reopens"
                + " them while it has not answered yet; then a remove of each, and a second add")
        let firstAdds = Task {
            await withTaskGroup(of: Void.self) { group in
                for event in events { group.addTask { await controller.add(event) } }
            }
        }
        // Every first add has asked (5 s of real time at most: a controller that never asks is judged by
        // the other rounds).
        let start = DispatchTime.now().uptimeNanoseconds
        while events.contains(where: { catalog.asks(for: $0) == 0 }),
            DispatchTime.now().uptimeNanoseconds - start < 5_000_000_000
        {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        for event in events { catalog.changeAnswer(about: event) }
        let missing = await withTaskGroup(of: Event?.self, returning: [Event].self) { group in
            for event in events {
                group.addTask {
                    await controller.remove(event)
                    await controller.add(event)
                    return await controller.events.contains(event) ? nil : event
                }
            }
            return await group.reduce(into: []) { if let event = $1 { $0.append(event) } }
        }
        await firstAdds.value
        for event in missing.sorted(by: { $0.id < $1.id }) {
            FaultLine(
                "add(\(event)) began after its catalog reopened it (and after a remove of it had returned), while"
                    + " another add's question about it was out; when it returned, the list did not hold it",
                hint: "each add asks the catalog itself, once it has begun, and adds an open event: an answer to a"
                    + " question asked before then can be out of date, and a remove that returned is over"
            ).note()
        }
        var faults = missing.count
        if faults == 0 {
            faults += judge(await controller.events, expected: Set(events), catalog: catalog)
        }
        if faults == 0 {
            note("Every second add asked for itself and found the event open; each is in the list once.")
        }
        return faults
    }
}
