import RaceLabKit

extension FavoritesExercise {
    /// Round 1, again: closed events, each added by two tasks at once, with a catalog that answers at
    /// once (what the list then holds, other rounds judge): the second add of an event often comes while the first awaits the catalog, and a job the
    /// controller starts for it (a detached task that parks it until the first is over) may run after
    /// the first add is over. An add parked then is never resumed: every add must return within 3 s of
    /// real time (adversarial round 4: a waiting add parked through `Task.detached` passed 4 of 5 runs
    /// where one event was added twice at once; here it is caught in most runs, not all: the machine
    /// chooses which comes first). Returns the faults found.
    static func addParkedLate(_ make: Maker) async -> Int {
        note(
            "Round 1, again: \(pairs) closed events, each added by two tasks at once, four times over; the catalog"
                + " answers at once, or within 5 ms")
        var stuck: [Event] = []
        // Four batches, the catalog's answer a little later in each: which comes first, the end of the
        // first add or a job the controller starts for the second, depends on the machine's moment.
        for (batch, delay) in [0, 1, 2, 5].enumerated() where stuck.isEmpty {
            let events = (1...pairs).map { Event(id: 500 + 100 * batch + $0) }
            let catalog = Catalog(closed: Set(events.map(\.id)), delayNanoseconds: UInt64(delay) * 1_000_000)
            for event in events { catalog.expect(1, for: event) }
            let controller = await make(catalog)
            stuck = await withTaskGroup(of: Event?.self, returning: [Event].self) { group in
                for event in events {
                    for _ in 0..<2 {
                        group.addTask { await returned(within: 3) { await controller.add(event) } == nil ? event : nil }
                    }
                }
                return await group.reduce(into: []) { if let event = $1 { $0.append(event) } }
            }
        }
        guard stuck.isEmpty else {
            FaultLine(
                "\(stuck.count) of \(2 * pairs) adds never returned (3 s), among them an add of \(stuck[0]) made with"
                    + " another add of it: was it parked (`withCheckedContinuation`) after the other was over, where"
                    + " nothing resumes it?",
                hint: "park an add that waits for another in the same actor turn that finds the other under way, not"
                    + " in a task of its own"
            ).note()
            return 1
        }
        note("Every add returned.")
        return 0
    }

    /// How many closed events round 1, again, adds twice at once.
    static let pairs = 40
}
