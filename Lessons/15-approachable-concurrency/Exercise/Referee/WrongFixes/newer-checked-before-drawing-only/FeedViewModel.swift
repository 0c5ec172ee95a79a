// Exercise 15, a wrong fix: refreshes numbered as asked for, and an answer shown only if no newer one
// is; but the check is made before the drawing's `await` only. A newer refresh shown while the older
// one draws gets the older one's thumbnails stored over its own, its items left beside them.
// must fail: output
// verdict leads with: FeedViewModel.swift:26 because "older refresh's answer"
import Lesson15Support

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService
    private var asked = 0
    private var shownRefresh = 0

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        asked += 1
        let number = asked
        service.loadFeed { @Sendable items in
            Task { @MainActor in
                guard number > self.shownRefresh else { return done() }
                (self.shownRefresh, self.items) = (number, items)
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
