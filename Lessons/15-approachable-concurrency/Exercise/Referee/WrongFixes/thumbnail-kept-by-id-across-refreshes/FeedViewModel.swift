import Lesson15Support

// Exercise 15, a wrong fix from issue 53's fourteenth adversarial round (it passed while no id came
// back): thumbnails kept by id across refreshes, and an id seen before not drawn again. An item
// that comes back in a later feed, edited, is shown with the thumbnail of its earlier version.
// must fail: output
// verdict leads with: FeedViewModel.swift:38 because "draw every shown item's thumbnail, an item that comes back edited again"
/// Numbered refreshes; drawing is `@concurrent`, and an item already drawn once is not drawn again:
/// its thumbnail comes from what earlier refreshes drew.
final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService
    private var asked = 0
    private var shown = 0
    /// Every thumbnail drawn so far, by item id.
    private var drawnBefore: [String: Thumbnail] = [:]

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        asked += 1
        let number = asked
        service.loadFeed { @Sendable items in
            Task { @MainActor in
                let fresh = items.filter { self.drawnBefore[$0.id] == nil }
                let drawn = await drawThumbnails(for: fresh)
                self.drawnBefore.merge(drawn) { _, new in new }
                if number > self.shown {
                    var shownThumbnails: [String: Thumbnail] = [:]
                    for item in items {
                        shownThumbnails[item.id] = self.drawnBefore[item.id]
                    }
                    self.shown = number
                    self.items = items
                    self.thumbnails = shownThumbnails
                }
                done()
            }
        }
    }
}

@concurrent nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    await withTaskGroup(of: (String, Thumbnail).self, returning: [String: Thumbnail].self) { group in
        for item in items {
            group.addTask { (item.id, Thumbnail.render(item)) }
        }
        var drawn: [String: Thumbnail] = [:]
        for await (id, thumbnail) in group {
            drawn[id] = thumbnail
        }
        return drawn
    }
}
