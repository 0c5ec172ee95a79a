import Dispatch

/// An immutable model (slides 004): a value that never changes can be shared by any number of threads.
struct Event: Hashable {
    let id: Int
    let title: String
}

/// The slides' thread-safe controller (DEMOS C5): the mutable list lives behind a concurrent queue;
/// `events` reads with `sync`, and every change is an asynchronous barrier.
final class FavoriteEventsController {
    private let queue = DispatchQueue(label: "racelab.favorites", attributes: .concurrent)
    private var storedEvents: [Event] = []

    var events: [Event] {
        queue.sync { storedEvents }
    }

    func setEvents(_ events: [Event]) {
        queue.async(flags: .barrier) { self.storedEvents = events }
    }

    func addEvent(_ event: Event) {
        queue.async(flags: .barrier) { self.storedEvents.append(event) }
    }

    func removeEvent(_ event: Event) {
        queue.async(flags: .barrier) { self.storedEvents.removeAll { $0 == event } }
    }
}
