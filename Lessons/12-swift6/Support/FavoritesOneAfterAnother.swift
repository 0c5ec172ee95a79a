import RaceLabKit

extension FavoritesExercise {
    /// After round 5: 100 controllers made one after another, each given an event and let go before
    /// the next is made; each must start with an empty list. State kept by a controller's identity
    /// (a table keyed by `ObjectIdentifier(self)`, never emptied) is found again by a controller made
    /// at a freed one's address (adversarial round 5: it passed 5 of 5 runs). Returns the faults found.
    static func oneAfterAnother(_ make: @escaping Maker) async -> Int {
        let count = 100
        // The last controller is let go, and the next made, in one main-actor job, on one thread: an
        // allocator that keeps freed memory by thread (ThreadSanitizer's) gives the next its address.
        let held = Held()
        var inherited = 0
        for index in 0..<count {
            let controller = await held.replace(with: { make(Catalog(closed: [], delayNanoseconds: 0)) })
            if await !controller.events.isEmpty { inherited += 1 }
            await controller.add(Event(id: 300 + index))
        }
        await held.letGo()
        let start =
            "Then \(count) controllers made one after another, each given an event and let go before the next: "
        guard inherited > 0 else {
            note(start + "each started with an empty list.")
            return 0
        }
        FaultLine(
            start + "\(inherited) started with an earlier controller's events in `events`",
            hint: "two controllers share nothing: keep the list in the controller, not in a table of them all"
        ).note()
        return 1
    }

    /// The one controller `oneAfterAnother` holds.
    @MainActor private final class Held {
        private var controller: (any FavoriteEvents)?

        /// Lets the held controller go, then holds and returns what `make` makes.
        func replace(with make: @MainActor @Sendable () -> any FavoriteEvents) -> any FavoriteEvents {
            controller = nil
            let made = make()
            controller = made
            return made
        }

        func letGo() { controller = nil }
    }
}
