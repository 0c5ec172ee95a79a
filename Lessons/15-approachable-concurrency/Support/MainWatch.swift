// Exercise 15's watch on where the view model's state changes: for a moment after the service calls
// back, and after each thumbnail is drawn, it holds the main queue, and looks whether the state
// changed meanwhile. Nothing on the main actor can run while it holds it, so a change then was made
// off the main actor, however well locked.
import Dispatch
import Foundation
import RaceLabKit

/// What the screen shows: the items' ids and the thumbnails' checksums.
struct Shown: Equatable {
    let items: [String]
    let thumbnails: [String: Int]
    /// A thumbnail shown that is not of a shown item as it is shown (of an item no longer shown, or of
    /// an earlier edit of one): the screen shows one answer's items with another's thumbnails.
    let notTheirs: String?

    init(_ model: FeedScreenModel) {
        let shown = model.items
        let drawn = model.thumbnails.mapValues(\.checksum)
        let expected = Dictionary(shown.map { ($0.id, Thumbnail.expectedChecksum(of: $0)) }) { first, _ in first }
        items = shown.map(\.id)
        thumbnails = drawn
        notTheirs = drawn.keys.sorted().first { expected[$0] != drawn[$0] }
    }

    /// The screen that shows `answer` whole: its items, their thumbnails right, and no others.
    init(answer: [FeedItem]) {
        items = answer.map(\.id)
        thumbnails = Dictionary(answer.map { ($0.id, Thumbnail.expectedChecksum(of: $0)) }) { first, _ in first }
        notTheirs = nil
    }
}

final class MainWatch {
    private let model: FeedScreenModel
    /// What changed off the main actor, and when: one line each, with the refresh under way.
    let changes = Locked<[(refresh: Int, what: String)]>([])
    /// The first frame of each refresh that showed a thumbnail not of a shown item as shown (`notTheirs`).
    let mixed = Locked<[(refresh: Int, what: String)]>([])
    /// The refresh under way, for those lines.
    let refresh = Locked(0)
    /// How long a hold lasts after the moment it watches, in real seconds at any speed: time for a
    /// write that follows at once (a frame takes 12 ms at 4x; this is twice that). Not lesson time: at
    /// real speed a hold of 0.1 s would outlast a poll of the main actor every 0.1 s, whose next look
    /// would then come right after it, as at once.
    static let settle = 0.025
    /// How long a hold waits for its body, in real seconds: a service's callback that only hands the
    /// items on takes a fraction of a millisecond; one that waits for the main queue (a right
    /// `DispatchQueue.main.sync` from the service's queue) would wait for the hold itself (adversarial
    /// round 5: it was held 0.5 lesson s every refresh, and a right view model failed as a busy main actor).
    static let bodyLimit = 0.05
    /// When a hold last let the main queue go (on the main queue; a relaxed moment, which orders
    /// nothing): main-actor work queued meanwhile runs right after it.
    let released = RelaxedMoment()
    /// The screen's frames so far, how many and how long they took (a `FrameTally`; main queue only
    /// writes it): time the main actor was the screen's, not the view model's. `releasedFramed`: its
    /// value when a hold last let go.
    let framed = RelaxedWord()
    let releasedFramed = RelaxedWord()
    /// A refresh's answer the frames look for, and the moment (lesson s) one first showed it whole: a
    /// `done` long after that waited for something else.
    let answerOnScreen = Locked<(answer: Shown, at: Double?)?>(nil)

    init(_ model: FeedScreenModel) {
        self.model = model
    }

    /// Takes the changes seen so far.
    func takeChanges() -> [(refresh: Int, what: String)] {
        changes.withLock { changes in
            defer { changes = [] }
            return changes
        }
    }

    /// Takes the frames seen so far that showed items with thumbnails not theirs.
    func takeMixed() -> [(refresh: Int, what: String)] {
        mixed.withLock { mixed in
            defer { mixed = [] }
            return mixed
        }
    }

    /// A frame of the screen, on the main queue: it reads what the view model shows, takes
    /// `frameHold` lesson seconds to draw, and reads it again. Half of the time the main queue is the
    /// screen's, so a change made off the main actor at a moment of its own (after waiting for the main
    /// actor, or a while after a thumbnail) falls in a frame about one time in two: over the refreshes
    /// of a run, one of them does.
    func frame() {
        let start = LessonClock.shared.now
        // Right after a hold, the main actor is the view model's: what it queued meanwhile (showing the
        // thumbnails, `done`) runs first, so that a `done` a few milliseconds late is not hidden behind a
        // frame (adversarial round 5: a `done` 5 ms after the thumbnails were shown passed every run).
        if let released = released.value, (start - released) / LessonClock.shared.speed < Self.quietAfterHold {
            return
        }
        let before = Shown(model)
        if let id = before.notTheirs {
            let refresh = refresh.current
            mixed.withLock { mixed in
                guard !mixed.contains(where: { $0.refresh == refresh }) else { return }
                mixed.append(
                    (
                        refresh,
                        "a frame of the screen showed \(before.items.count) `items` with a thumbnail not theirs (\(id)):"
                            + " one answer's items with another's thumbnails, or an item's thumbnail from before its edit"
                    ))
            }
        }
        answerOnScreen.withLock { watched in
            if watched?.at == nil, watched?.answer == before { watched?.at = start }
        }
        sleep(lessonSeconds: Self.frameHold)
        note(before, Shown(model), "during one of the screen's frames", refresh: refresh.current)
        framed.add(FrameTally.one(lessonSeconds: LessonClock.shared.now - start))
    }

    /// How long a frame takes to draw, in lesson seconds: half of a frame's 0.05.
    static let frameHold = 0.025
    /// For how long after a hold lets go the screen draws no frame, in real seconds at any speed.
    static let quietAfterHold = 0.01

    /// Notes a change of what the screen shows between `before` and `after`, both read on the main
    /// queue while it was held: made off the main actor.
    private func note(_ before: Shown, _ after: Shown, _ moment: String, refresh: Int) {
        guard after != before else { return }
        let what = [
            after.items != before.items ? "`items`" : nil,
            after.thumbnails != before.thumbnails ? "`thumbnails`" : nil,
        ]
        let line =
            "the \(what.compactMap { $0 }.joined(separator: " and ")) changed \(moment), while the screen held the main queue"
        changes.withLock { $0.append((refresh, line)) }
    }

    /// Runs `body` while the main queue is held, and keeps holding it `settle` real seconds more; a
    /// change of what the screen shows meanwhile is noted as made off the main actor. On the main
    /// queue itself it only runs `body`. If the main queue cannot be held within a lesson second
    /// (busy, or waiting for a lock that `body`'s caller holds), or `body` has not returned within
    /// `bodyLimit` (it waits for the main queue), nothing is judged.
    func holding(_ moment: String, _ body: () -> Void) {
        guard !isOnMainQueue else { return body() }
        let held = DispatchSemaphore(value: 0)
        let bodyDone = DispatchSemaphore(value: 0)
        let abandoned = Locked(false)
        let refresh = self.refresh.current
        DispatchQueue.main.async {
            let before = Shown(self.model)
            held.signal()
            // A body that waits for the main queue (`DispatchQueue.main.sync` from the service's queue,
            // right there) would wait for this hold: let go of it instead, and judge nothing.
            let finished = bodyDone.wait(timeout: .now() + Self.bodyLimit) == .success
            if finished { Thread.sleep(forTimeInterval: Self.settle) }
            let after = Shown(self.model)
            defer {
                self.releasedFramed.value = self.framed.value
                self.released.record()
            }
            guard finished, !abandoned.current else { return }
            self.note(before, after, moment, refresh: refresh)
        }
        if held.wait(timeout: LessonClock.shared.deadline(after: 1)) == .timedOut {
            abandoned.withLock { $0 = true }
        }
        body()
        bodyDone.signal()
    }
}

/// How many frames the screen drew, and how long they took, in one word (a `RelaxedWord`'s), so that
/// one relaxed read takes both: the count in the top 24 bits, the lesson microseconds below.
enum FrameTally {
    static let countShift: UInt64 = 40

    /// One frame that took `lessonSeconds`, to add to a tally.
    static func one(lessonSeconds: Double) -> UInt64 {
        (1 << countShift) + min(UInt64(max(0, lessonSeconds) * 1e6), (1 << countShift) - 1)
    }

    /// The frames drawn between two readings of a tally, and the lesson seconds they took.
    static func between(_ earlier: UInt64, _ later: UInt64) -> (count: Int, seconds: Double) {
        let difference = later &- earlier
        return (Int(difference >> countShift), Double(difference & ((1 << countShift) - 1)) / 1e6)
    }
}
