import Lesson15Support

// Exercise 15, a wrong fix: one task an item draws its thumbnail; the last item's task calls `done`,
// though an earlier item may still be drawing (from an adversarial round, issue 41).
// must fail: output
// verdict leads with: FeedViewModel.swift:20 or FeedViewModel.swift:28 or FeedViewModel.swift:35 or FeedViewModel.swift:34 or FeedViewModel.swift:26 because "call done once every thumbnail" or "thumbnails holds the shown items'"

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
                self.show(items, done: done)
            }
        }
    }

    private func show(_ items: [FeedItem], done: @escaping @Sendable () -> Void) {
        self.items = items
        guard let last = items.last else {
            done()
            return
        }
        for item in items {
            Task {
                let thumbnail = await drawThumbnail(for: item)
                self.thumbnails[item.id] = thumbnail
                if item == last { done() }  // the last one started is the last one to finish
            }
        }
    }
}

@concurrent nonisolated func drawThumbnail(for item: FeedItem) async -> Thumbnail {
    Thumbnail.render(item)
}
