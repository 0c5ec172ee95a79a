import Lesson15Support

// Exercise 15, a wrong fix: `done` first, then the items and thumbnails, in the same main-actor turn:
// done is told before they are shown (from an adversarial round, issue 41).
// must fail: output
// verdict leads with: FeedViewModel.swift:22 or FeedViewModel.swift:23 or FeedViewModel.swift:21 because "show the service's items" or "call done on the main actor" or "call done once every thumbnail"

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
                let drawn = await drawThumbnails(for: items)
                done()
                self.items = items
                self.thumbnails = drawn
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
