import Lesson15Support

// Exercise 15, a wrong fix: an empty feed returns early, without calling `done` (from an adversarial
// round, issue 41).
// must fail: timeout
// verdict leads with: FeedViewModel.swift:23 because "an empty feed too"

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
                guard !items.isEmpty else { return }
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
