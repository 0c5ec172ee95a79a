import Dispatch
import RaceLabKit

/// An immutable model (slides 004): a value that never changes can be shared by any number of threads.
struct Event: Hashable {
    let id: Int
    let title: String
}

/// The slides' thread-safe controller (DEMOS C5): the mutable list lives behind a concurrent queue;
/// `events` reads with `sync`, and every change is an asynchronous barrier.
/// What pages 4 and 5 do with a controller.
protocol FavoriteEvents: AnyObject {
    var events: [Event] { get }
    func setEvents(_ events: [Event])
    func addEvent(_ event: Event)
    func removeEvent(_ event: Event)
}

final class FavoriteEventsController: FavoriteEvents {
    // The slides create it with QOS_CLASS_BACKGROUND: a pool of its own, which the readers, blocked in
    // sync at the default quality of service, do not fill (compare page 3's stall).
    private let queue = DispatchQueue(label: "racelab.favorites", qos: .background, attributes: .concurrent)
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

/// The same controller without its isolation queue (page 4, racy on purpose): adds, removes and
/// reads touch the list from any thread. The list is a fixed row of slots holding event ids, not a
/// Swift `Array`: an Array changed from several threads at once can corrupt its own memory (its
/// copy-on-write check and reference counts are not thread-safe) and crash the process, which would
/// end the demo instead of showing it. Slots keep the race on the count and the contents, where a
/// reader can see it.
final class UnsafeFavoriteEventsController: FavoriteEvents {
    private let slots = UnsafeMutablePointer<Int>.allocate(capacity: 64)  // lives as long as the lesson
    private var count = 0

    var events: [Event] {
        (0..<min(count, 64)).map { Event(id: slots[$0], title: "Session \(slots[$0])") }  // racy on purpose
    }

    func setEvents(_ events: [Event]) {
        for (index, event) in events.enumerated() { slots[index] = event.id }
        count = events.count
    }

    func addEvent(_ event: Event) {
        let index = count  // racy on purpose: another add can take the same slot meanwhile
        randomDelay(upTo: 0.05)  // the work between reading the list and writing it back
        slots[index] = event.id
        count = index + 1
    }

    func removeEvent(_ event: Event) {
        let current = count  // racy on purpose
        guard let index = (0..<current).first(where: { slots[$0] == event.id }) else { return }
        randomDelay(upTo: 0.05)
        for slot in index..<(current - 1) { slots[slot] = slots[slot + 1] }
        count = current - 1
    }
}
