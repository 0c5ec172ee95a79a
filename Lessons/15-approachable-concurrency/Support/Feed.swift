// Exercise 15's module not yet migrated: the feed service, as lessons 5–9 wrote one. Swift 5 mode, so
// its completion handler says nothing of where it runs.
import Dispatch
import Foundation
import RaceLabKit

/// One entry of the feed: its thumbnail takes `renderCost` lesson seconds of computing to draw. An
/// item may come back in a later feed edited: the same `id`, a higher `revision`, another thumbnail.
public struct FeedItem: Sendable, Equatable, CustomStringConvertible {
    public let id: String
    public let renderCost: Double
    public let revision: Int
    /// Its id, whatever its revision: what tells two revisions apart is `revision`.
    public var description: String { id }

    init(id: String, renderCost: Double, revision: Int = 1) {
        (self.id, self.renderCost, self.revision) = (id, renderCost, revision)
    }
}

/// An item's drawn thumbnail: its checksum says which item it was drawn from.
public struct Thumbnail: Sendable, Equatable {
    public let id: String
    public let checksum: Int

    /// Draws `item`'s thumbnail: CPU-heavy work that keeps its thread computing for the item's
    /// `renderCost` lesson seconds and never suspends. Call it off the main actor.
    public static func render(_ item: FeedItem) -> Thumbnail {
        compute(lessonSeconds: item.renderCost)
        afterDrawing.current?(item)
        meeting.current?.meet()
        return Thumbnail(id: item.id, checksum: expectedChecksum(of: item))
    }

    /// The driver's watch, told as each thumbnail is drawn, before `render` returns.
    static let afterDrawing = Locked<((FeedItem) -> Void)?>(nil)
    /// In the paired round, where the refresh's two drawings wait for each other before they return.
    static let meeting = Locked<PairMeeting?>(nil)

    /// The checksum a right thumbnail of `item` has: its id's, and its revision's once edited.
    public static func expectedChecksum(of item: FeedItem) -> Int {
        let drawn = item.id.unicodeScalars.reduce(17) { ($0 &* 31 &+ Int($1.value)) & 0xFFFFFF }
        return item.revision == 1 ? drawn : (drawn &* 31 &+ item.revision) & 0xFFFFFF
    }
}

/// Where the service calls its completion back.
public enum CallbackQueue: String, CaseIterable, Sendable {
    case operationQueue = "its OperationQueue"
    case globalQueue = "a global queue"
    case serialQueue = "a serial queue of its own"
    case mainQueue = "the main queue"
}

/// The feed service: `loadFeed` answers after a latency, on a queue the service picks. The driver
/// scripts its answers (`script`); an attendee only calls `loadFeed`.
public final class FeedService {
    private let operations = OperationQueue()
    private let serial = DispatchQueue(label: "racelab.feed-service")
    private let answers = Locked<[(items: [FeedItem], latency: Double, queue: CallbackQueue)]>([])
    /// The driver's watch: it calls the completion (the closure it is given) itself.
    let aroundCallback = Locked<((() -> Void) -> Void)?>(nil)

    public init() {}

    /// The next answers, in order, one a call.
    public func script(_ answer: [FeedItem], after latency: Double, on queue: CallbackQueue) {
        answers.withLock { $0.append((answer, latency, queue)) }
    }

    /// Drops the answers no call has taken.
    func dropScripts() {
        answers.withLock { $0 = [] }
    }

    /// Loads the feed and calls `completion` with it, on one of the service's queues.
    public func loadFeed(_ completion: @escaping ([FeedItem]) -> Void) {
        let next = answers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        guard let next else { return }
        let answer = Carried {
            if let around = self.aroundCallback.current {
                around { completion(next.items) }
            } else {
                completion(next.items)
            }
        }
        let deadline = LessonClock.shared.deadline(after: next.latency)
        switch next.queue {
        case .operationQueue:
            DispatchQueue.global().asyncAfter(deadline: deadline) { self.operations.addOperation { answer.call() } }
        case .globalQueue: DispatchQueue.global().asyncAfter(deadline: deadline) { answer.call() }
        case .serialQueue: serial.asyncAfter(deadline: deadline) { answer.call() }
        case .mainQueue: DispatchQueue.main.asyncAfter(deadline: deadline) { answer.call() }
        }
    }
}

/// A completion carried to the queue that calls it. Legacy code sends closures across queues with no
/// word of `Sendable`; this box says so once. @unchecked Sendable: the closure is called once, on
/// one queue.
private struct Carried: @unchecked Sendable {
    let call: () -> Void
}

/// What exercise 15's driver needs of the attendee's view model. It calls every member on the main
/// queue, as a screen would.
public protocol FeedScreenModel: AnyObject {
    /// The feed's items, in the order the service gave them, as the screen shows them.
    var items: [FeedItem] { get }
    /// The shown items' thumbnails, by id, and no others.
    var thumbnails: [String: Thumbnail] { get }
    /// Loads the feed and every item's thumbnail; calls `done` once, on the main actor, once both are
    /// shown.
    func refresh(done: @escaping @Sendable () -> Void)
}
