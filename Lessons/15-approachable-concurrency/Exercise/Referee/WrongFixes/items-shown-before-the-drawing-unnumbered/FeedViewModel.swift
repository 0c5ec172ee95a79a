// Exercise 15, a wrong fix: this exercise's solution before refreshes of other items overlapped. It
// shows the items at once and stores the thumbnails after the drawing's `await`, unnumbered: an older
// refresh drawn after a newer one was shown stores its thumbnails beside the newer one's items, and
// one answered after it shows its stale items.
// must fail: output
// verdict leads with: FeedViewModel.swift:21 or FeedViewModel.swift:22 because "older refresh's answer"
import Lesson15Support

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
