// Exercise 15's watch on where the view model's state changes: for a moment after the service calls
// back, and after each thumbnail is drawn, it holds the main queue, and looks whether the state
// changed meanwhile. Nothing on the main actor can run while it holds it, so a change then was made
// off the main actor, however well locked.
import Dispatch
import RaceLabKit

/// What the screen shows: the items' ids and the thumbnails' checksums.
struct Shown: Equatable {
    let items: [String]
    let thumbnails: [String: Int]

    init(_ model: FeedScreenModel) {
        items = model.items.map(\.id)
        thumbnails = model.thumbnails.mapValues(\.checksum)
    }
}

final class MainWatch {
    private let model: FeedScreenModel
    /// What changed off the main actor, and when: one line each, with the refresh under way.
    let changes = Locked<[(refresh: Int, what: String)]>([])
    /// The refresh under way, for those lines.
    let refresh = Locked(0)
    /// How long a hold lasts after the moment it watches, in lesson seconds: time for a write that
    /// follows at once (12 ms at 4x is what a screen frame takes; this is twice that).
    static let settle = 0.1

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

    /// Runs `body` while the main queue is held, and keeps holding it `settle` lesson seconds more; a
    /// change of what the screen shows meanwhile is noted as made off the main actor. On the main
    /// queue itself it only runs `body`. If the main queue cannot be held within a lesson second
    /// (busy, or waiting for a lock that `body`'s caller holds), nothing is judged.
    func holding(_ moment: String, _ body: () -> Void) {
        guard !isOnMainQueue else { return body() }
        let held = DispatchSemaphore(value: 0)
        let bodyDone = DispatchSemaphore(value: 0)
        let abandoned = Locked(false)
        let refresh = self.refresh.current
        DispatchQueue.main.async {
            let before = Shown(self.model)
            held.signal()
            _ = bodyDone.wait(timeout: LessonClock.shared.deadline(after: 0.5))
            sleep(lessonSeconds: Self.settle)
            let after = Shown(self.model)
            guard !abandoned.current, after != before else { return }
            let what = [
                after.items != before.items ? "`items`" : nil,
                after.thumbnails != before.thumbnails ? "`thumbnails`" : nil,
            ]
            let line =
                "the \(what.compactMap { $0 }.joined(separator: " and ")) changed \(moment), while the screen held the main queue"
            self.changes.withLock { $0.append((refresh, line)) }
        }
        if held.wait(timeout: LessonClock.shared.deadline(after: 1)) == .timedOut {
            abandoned.withLock { $0 = true }
        }
        body()
        bodyDone.signal()
    }
}
