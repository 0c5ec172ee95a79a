import Lesson15Support

// Exercise 15, a wrong fix from issue 53's second adversarial round (helper-16; it passed 5 of 5):
// thumbnails cheaper than 0.1 s are drawn on the main actor, "not worth a hop". Drawing is heavy work
// whatever one costs, and the quick round's 0.05 s thumbnails never stood the screen still for
// 0.5 s; now a thumbnail `Thumbnail.render` draws on the main queue is a fault of its own.
// must fail: output
// verdict leads with: FeedViewModel.swift:26 because "draw the thumbnails off the main actor"

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            Task { @MainActor in
                self.items = items
                let cheap = items.filter { $0.renderCost < 0.1 }
                let heavy = items.filter { $0.renderCost >= 0.1 }
                var drawn = await drawThumbnails(for: heavy)
                for item in cheap { drawn[item.id] = Thumbnail.render(item) }  // on the main actor
                self.thumbnails = drawn
                done()
            }
        }
    }
}

@concurrent
nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    var drawn: [String: Thumbnail] = [:]
    for item in items {
        drawn[item.id] = Thumbnail.render(item)
    }
    return drawn
}
