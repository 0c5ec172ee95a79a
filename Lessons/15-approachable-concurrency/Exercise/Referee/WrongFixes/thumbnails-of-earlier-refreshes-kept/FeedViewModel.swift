import Lesson15Support

// Exercise 15, a wrong fix: the thumbnails kept as a cache that only grows: items no longer shown keep
// theirs (from an adversarial round, issue 41).
// must fail: output
// verdict leads with: FeedViewModel.swift:23 because "thumbnails holds the shown items' thumbnails and no others"

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
                let missing = items.filter { self.thumbnails[$0.id] == nil }
                let drawn = await drawThumbnails(for: missing)
                self.thumbnails.merge(drawn) { _, new in new }
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
