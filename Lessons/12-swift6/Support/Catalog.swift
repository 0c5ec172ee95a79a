import Dispatch
import RaceLabKit

/// Lesson 3's immutable model, as Swift 6 wants it: a struct whose stored properties are all
/// `Sendable` can be shared by any number of tasks (a public one says so in its declaration).
public struct Event: Hashable, Sendable, CustomStringConvertible {
    public let id: Int
    public let title: String

    public init(id: Int) {
        self.id = id
        self.title = "Session \(id)"
    }

    public var description: String { title }
}

/// What exercise 12's driver needs of the attendee's controller. Every requirement is `async`, so an
/// actor, a `@MainActor` class and a class that locks can each meet it.
public protocol FavoriteEvents: Sendable {
    var events: [Event] { get async }
    func add(_ event: Event) async
    func remove(_ event: Event) async
}

/// The catalog exercise 12's controller asks before it adds an event: can it still be booked? It
/// answers after an `await`, as a server would, with what was so when it was asked. The driver tells it how many adds of one event are
/// coming at once (`expect`), and it holds its answers about that event until all of them have asked
/// (or 0.2 s of real time has passed): every add that checks the favourites before it asks has then
/// checked before any of them adds, so a check and an append with an `await` between them add a
/// duplicate on every run, not now and then.
public final class Catalog: Sendable {
    private struct Ledger {
        var expected: [Int: Int] = [:]
        var asked: [Int: Int] = [:]
        var answered: [Int: Int] = [:]
    }
    private let closed: Locked<Set<Int>>
    private let delay: UInt64  // real nanoseconds before each answer
    private let ledger = Locked(Ledger())

    init(closed: Set<Int>, delayNanoseconds: UInt64) {
        self.closed = Locked(closed)
        self.delay = delayNanoseconds
    }

    /// `askers` adds of `event` are coming at once: answer none of them before all have asked.
    func expect(_ askers: Int, for event: Event) {
        ledger.withLock { $0.expected[event.id] = askers }
    }

    /// How many times the catalog has been asked about `event`.
    func asks(for event: Event) -> Int {
        ledger.withLock { $0.asked[event.id, default: 0] }
    }

    /// How many times the catalog has answered about `event`.
    func answers(for event: Event) -> Int {
        ledger.withLock { $0.answered[event.id, default: 0] }
    }

    /// The driver's own look (the controller must ask, and await the answer).
    func isClosed(_ event: Event) -> Bool { closed.current.contains(event.id) }

    /// The catalog changes its answer about `event`: a closed event opens, an open one closes.
    func changeAnswer(about event: Event) {
        closed.withLock { if $0.remove(event.id) == nil { $0.insert(event.id) } }
    }

    /// True unless the event was closed when asked. Suspends the caller first: at least until every
    /// expected add of the event has asked (at most 0.2 s), and then for the catalog's delay. The answer
    /// is decided before the question counts as asked: once the driver sees it asked, a change of
    /// answer comes after the question.
    public func isBookable(_ event: Event) async -> Bool {
        let open = !isClosed(event)
        ledger.withLock { $0.asked[event.id, default: 0] += 1 }
        let start = DispatchTime.now().uptimeNanoseconds
        while ledger.withLock({ $0.asked[event.id, default: 0] < $0.expected[event.id, default: 0] }),
            DispatchTime.now().uptimeNanoseconds - start < 200_000_000
        {
            try? await Task.sleep(nanoseconds: 100_000)
        }
        if delay > 0 { try? await Task.sleep(nanoseconds: delay) }
        ledger.withLock { $0.answered[event.id, default: 0] += 1 }
        return open
    }
}
