import Lesson15Support

// Exercise 15, a wrong fix from issue 53's fourteenth adversarial round (it passed while no feed had
// more than 3 items): numbered refreshes, a `@concurrent` drawing, but one `async let` for each of the
// first three items only, "a feed shows three rows at once". A feed of 4 or 5 is shown with a
// thumbnail missing.
// must fail: output
// verdict leads with: FeedViewModel.swift:31 because "thumbnails missing or wrong"
final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService
    private var asked = 0
    private var shown = 0

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        asked += 1
        let number = asked
        service.loadFeed { @Sendable items in
            Task { @MainActor in
                let drawn = await drawThumbnails(for: items)
                if number > self.shown {
                    self.shown = number
                    self.items = items
                    self.thumbnails = drawn
                }
                done()
            }
        }
    }
}

/// A feed holds up to three items: the three are drawn at once, each in an `async let`.
@concurrent nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    async let first: Thumbnail? = items.count > 0 ? Thumbnail.render(items[0]) : nil
    async let second: Thumbnail? = items.count > 1 ? Thumbnail.render(items[1]) : nil
    async let third: Thumbnail? = items.count > 2 ? Thumbnail.render(items[2]) : nil
    let rendered = await [first, second, third]
    var drawn: [String: Thumbnail] = [:]
    for (item, thumbnail) in zip(items, rendered) {
        if let thumbnail {
            drawn[item.id] = thumbnail
        }
    }
    return drawn
}
