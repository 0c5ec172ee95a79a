import RaceLabKit

extension FavoritesExercise {
    /// Round 2, again: from a task of low priority, two open events added, then removed, one by one; the
    /// moment each call returns, the list is read from a task of higher priority, while the global
    /// executor's jobs are held and let go last first (`GlobalJobStagger`), an order it may choose. A
    /// controller that leaves the change to a task of its own (the list brought up to date later, on
    /// the actor) gives up the actor with that task's job still waiting there; the read goes first,
    /// reaches the actor while the job waits, and an actor runs a job of higher priority first (Swift's
    /// runtime, `Actor.cpp`; exercise 13's round 3, a third time, is the same). Round 2's reads at
    /// higher priority met that job only when the machine's timing let them (a busy `verify` passed
    /// `list-published-later` once). Returns the faults found.
    static func readAtOnce(_ make: Maker) async -> Int {
        let events = events(2)
        let catalog = Catalog(closed: [], delayNanoseconds: 0)
        let controller = await make(catalog)
        note(
            "Round 2, again: two events added, then removed, one by one, at low priority; the moment each call"
                + " returns, the list is read at higher priority")
        var wrong: [FaultLine] = []
        for (adding, event) in events.map({ (true, $0) }) + events.map({ (false, $0) }) {
            // The second event's calls hold only the jobs each call sends together: a task it left its
            // change to, and a short sleep after, are let go sleep first, and the read goes before the
            // task (adversarial round 12: a remove that did so passed 5 of 5).
            let (_, holds) = await GlobalJobStagger.lowThenHighAtOnce(
                { adding ? await controller.add(event) : await controller.remove(event) },
                then: { _ in await controller.events.contains(event) }, windows: event == events[1] ? 2 : nil)
            guard holds != adding else { continue }
            // An add that never asked took an answer kept from elsewhere: that, not a later task, left it out.
            if adding, catalog.asks(for: event) == 0 {
                wrong.append(
                    FaultLine(
                        "`add`(\(event)), open, never asked the catalog; when it returned, the list did not hold it",
                        hint: "add asks the catalog every time, and awaits its answer however long it takes: the"
                            + " answer can change"))
                continue
            }
            let call = adding ? "add" : "remove"
            wrong.append(
                FaultLine(
                    "`\(call)`(\(event)) returned, and a read made that moment, at higher priority, found it "
                        + (holds ? "still in the list" : "not in the list")
                        + ": the list was brought up to date later, \(TaskOfItsOwn.words)?",
                    hint: adding
                        ? "when add returns, the event must be in: change the list before add returns"
                        : "when remove returns, the event is out: change the list before remove returns"))
        }
        for line in wrong { line.note() }
        if wrong.isEmpty { note("Each call's event was in, or out, for a read made the moment it returned.") }
        return wrong.count
    }
}
