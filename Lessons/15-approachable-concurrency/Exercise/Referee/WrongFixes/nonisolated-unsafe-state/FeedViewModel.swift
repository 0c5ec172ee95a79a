import Lesson15Support

// Exercise 15, a wrong fix: the items are `nonisolated(unsafe)`, so the `@Sendable` completion sets
// them wherever it runs, while the screen reads them on the main queue.
// must fail: output
// verdict leads with: FeedViewModel.swift:19 or FeedViewModel.swift:21 because "change the items and thumbnails on the main actor only" or "every access to this memory"

final class FeedViewModel: FeedScreenModel {
    nonisolated(unsafe) private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            self.items = items
            Task { @MainActor in
                self.thumbnails = await drawThumbnails(for: items)
                done()
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
