import Foundation
import Lesson15Support

// Exercise 15, a wrong fix from issue 53's adversarial round (helper-15): the state behind an `NSLock`,
// written off the main actor, but only after a look at the main actor, so that the screen's hold after
// each thumbnail is over when it lands. ThreadSanitizer is rightly silent (the lock orders it); the
// screen's frames, which hold the main queue half the time, see the state change while they draw.
// must fail: output
// verdict leads with: FeedViewModel.swift:37 or FeedViewModel.swift:36 because "change the items and thumbnails on the main actor only"

final class FeedViewModel: FeedScreenModel {
    private struct State {
        var items: [FeedItem] = []
        var thumbnails: [String: Thumbnail] = [:]
    }
    private let lock = NSLock()
    nonisolated(unsafe) private var state = State()
    private let service: FeedService

    var items: [FeedItem] { lock.withLock { state.items } }
    var thumbnails: [String: Thumbnail] { lock.withLock { state.thumbnails } }

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            Task.detached {
                var drawn: [String: Thumbnail] = [:]
                for item in items {
                    drawn[item.id] = Thumbnail.render(item)
                }
                let result = drawn
                let before = await MainActor.run { self.items.count }
                self.lock.withLock {
                    self.state.items = items
                    self.state.thumbnails = result
                }
                if before != items.count { print("feed: \(before) -> \(items.count) rows") }
                await MainActor.run { done() }
            }
        }
    }
}
