import Lesson15Support

// Exercise 15, a wrong fix: `done` is called as soon as the items are shown; the thumbnails follow.
// must fail: output
// verdict leads with: FeedViewModel.swift:20 or FeedViewModel.swift:21 because "call done once every thumbnail is drawn"

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
                done()
                self.thumbnails = await drawThumbnails(for: items)
            }
        }
    }
}

@concurrent nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    var drawn: [String: Thumbnail] = [:]
    for item in items {
        drawn[item.id] = Thumbnail.render(item)
    }
    return drawn
}
