import Lesson15Support

// Exercise 15, a wrong fix from issue 53's second adversarial round (helper-16; it passed 5 of 5):
// the items are shown sorted by their drawing cost, heaviest first, not in the service's order. Every
// refresh's items came heaviest first; now one refresh of two or more comes lightest first.
// must fail: output
// verdict leads with: FeedViewModel.swift:22 because "show the service's items"

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            let schedule = items.sorted { $0.renderCost > $1.renderCost }  // heaviest first
            Task { @MainActor in
                self.items = schedule
                self.thumbnails = await drawThumbnails(for: schedule)
                done()
            }
        }
    }
}

@concurrent
nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    await withTaskGroup(of: Thumbnail.self) { group in
        for item in items { group.addTask { Thumbnail.render(item) } }
        var drawn: [String: Thumbnail] = [:]
        for await t in group { drawn[t.id] = t }
        return drawn
    }
}
