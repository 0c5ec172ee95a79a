import RaceLabKit

extension FavoritesExercise {
    /// Beside the rounds: a controller whose catalog answers after 3 s of real time (past the rounds'
    /// end, so that a wait of a given length gets one verdict), and two adds at once, of an open event
    /// and of a closed one. An add that stops waiting for the answer sooner, and decides without it,
    /// leaves the open event out or lets the closed one in. Returns the faults and the line that says
    /// them, for after round 5.
    static func slowCatalog(_ make: Maker) async -> (Int, String) {
        let (open, closed) = (Event(id: 201), Event(id: 202))
        let catalog = Catalog(closed: [closed.id], delayNanoseconds: 3_000_000_000)
        let controller = await make(catalog)
        await withTaskGroup(of: Void.self) { group in
            for event in [open, closed] { group.addTask { await controller.add(event) } }
        }
        let list = await controller.events
        let start = "Beside the rounds, a catalog that answers after 3 s, asked about an open event and a closed one: "
        var wrong: [String] = []
        if !list.contains(open) { wrong.append("the open one is not in the list") }
        if list.contains(closed) { wrong.append("the closed one is in the list") }
        guard !wrong.isEmpty else { return (0, start + "the open one added, the closed one not.") }
        return (
            wrong.count,
            FaultLine(
                start + wrong.joined(separator: ", and ") + " when `add` returned",
                hint: "add waits for the catalog's answer however long it takes: a late answer is still the answer"
            ).text
        )
    }
}
