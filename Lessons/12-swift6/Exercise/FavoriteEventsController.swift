import Lesson12Support

// Exercise 12: finish lesson 3's migration to Swift 6.
//
// This is lesson 3's FavoriteEventsController, moved to Swift 6 language mode, where this file is
// compiled (with warnings as errors). Its list of favourite events is a plain `var`, and Swift 6
// refused it: "stored property 'storedEvents' of 'Sendable'-conforming class
// 'FavoriteEventsController' is mutable". Someone made the error go away with `@unchecked Sendable`,
// a promise the compiler takes on trust, and nothing keeps it.
//
// The driver (main.swift) has many tasks add, remove and read favourites at once. Make the
// controller right under that, in code Swift 6 accepts without a word:
// - `add` asks the catalog before it adds an event, every time, and waits for its answer however
//   long it takes (the answer can change); it adds an open event, once: an event is never in the
//   list twice, a closed one never (an event already in the list needs no asking);
// - when `add` returns, the event is in the list; when `remove` returns, it is out;
// - two controllers share nothing;
// - no clock: no timeout, expiry, delay or sleep, of any length (no run can wait out every
//   bound, so the check reads your file for one);
// - ThreadSanitizer reports nothing.
// How is up to you: an actor, a lock, the main actor. Keep `FavoriteEvents` (Lesson12Support's
// protocol: `events`, `add` and `remove`, all `async`, and `Sendable`) and `init(catalog:)`: the
// driver needs them.
//
// Check your work:  swift run racelab exercise 12      A hint:  swift run racelab hint 12

// @unchecked Sendable: a promise this starter breaks on purpose (the exercise's task).
final class FavoriteEventsController: FavoriteEvents, @unchecked Sendable {
    private let catalog: Catalog
    private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] {
        storedEvents
    }

    func add(_ event: Event) async {
        guard !storedEvents.contains(event) else { return }
        guard await catalog.isBookable(event) else { return }
        storedEvents.append(event)
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
