import Lesson15Support
import Synchronization

// Exercise 15, a wrong fix: the state behind a `Mutex`, written wherever the completion and a detached
// drawing task run: no race for ThreadSanitizer, but state changed off the main actor (from an
// adversarial round, issue 41).
// must fail: output
// verdict leads with: FeedViewModel.swift:28 or FeedViewModel.swift:32 because "change the items and thumbnails on the main actor only"

final class FeedViewModel: FeedScreenModel {
    private struct State {
        var items: [FeedItem] = []
        var thumbnails: [String: Thumbnail] = [:]
    }

    private nonisolated let state = Mutex(State())
    private let service: FeedService

    var items: [FeedItem] { state.withLock { $0.items } }
    var thumbnails: [String: Thumbnail] { state.withLock { $0.thumbnails } }

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            self.state.withLock { $0.items = items }
            Task.detached {
                var drawn: [String: Thumbnail] = [:]
                for item in items { drawn[item.id] = Thumbnail.render(item) }
                self.state.withLock { $0.thumbnails = drawn }
                await MainActor.run { done() }
            }
        }
    }
}
