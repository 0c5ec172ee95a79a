// Exercise 12's starter without its `@unchecked Sendable` (the types it uses reduced to what matters):
// what Swift 6 says of it, which the starter's comment quotes.
struct Event: Hashable, Sendable {
    let id: Int
}

protocol FavoriteEvents: Sendable {
    var events: [Event] { get async }
    func add(_ event: Event) async
}

final class FavoriteEventsController: FavoriteEvents {
    private var storedEvents: [Event] = []  // expected-error {{stored property 'storedEvents' of 'Sendable'-conforming class 'FavoriteEventsController' is mutable}}

    var events: [Event] {
        storedEvents
    }

    func add(_ event: Event) async {
        guard !storedEvents.contains(event) else { return }
        storedEvents.append(event)
    }
}
// verdicts hold for: Swift 6.2 or later, as worded by 6.3.1 (lesson 12 README, "Which Swift")
