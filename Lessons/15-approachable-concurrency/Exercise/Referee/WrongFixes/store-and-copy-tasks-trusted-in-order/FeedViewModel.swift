import Lesson15Support

// Exercise 15, a wrong fix: an actor stores and draws the feed in a detached task, and a main-actor
// task copies it from the actor, trusted to run after it: tasks made from a nonisolated callback
// start in any order (from an adversarial round, issue 41).
// must fail: output
// verdict leads with: FeedViewModel.swift:17 or FeedViewModel.swift:49 or FeedViewModel.swift:20 or FeedViewModel.swift:50 because "show the service's items" or "thumbnails holds the shown items'"

actor FeedStore {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private var pending: [CheckedContinuation<Void, Never>] = []
    private var busy = false

    func load(_ items: [FeedItem]) {
        busy = true
        self.items = items
        var drawn: [String: Thumbnail] = [:]
        for item in items { drawn[item.id] = Thumbnail.render(item) }
        thumbnails = drawn
        busy = false
        for waiter in pending { waiter.resume() }
        pending = []
    }

    /// Waits while a load is drawing, then gives the state.
    func snapshot() async -> ([FeedItem], [String: Thumbnail]) {
        if busy { await withCheckedContinuation { pending.append($0) } }
        return (items, thumbnails)
    }
}

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService
    private let store = FeedStore()

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        let store = self.store
        service.loadFeed { @Sendable items in
            Task.detached { await store.load(items) }
            Task { @MainActor in
                let (shown, drawn) = await store.snapshot()
                self.items = shown
                self.thumbnails = drawn
                done()
            }
        }
    }
}
