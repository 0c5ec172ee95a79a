import Lesson15Support

// Exercise 15, a wrong fix from issue 53's adversarial round (helper-15): a feed of one item is drawn
// on the main actor ("one thumbnail is quick"). It is not: the refresh of one item stands the screen
// still for its 0.6 to 1.0 s.
// must fail: output
// verdict leads with: FeedViewModel.swift:22 because "draw the thumbnails off the main actor"

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
                let drawn: [String: Thumbnail]
                if items.count <= 1 {
                    drawn = Dictionary(uniqueKeysWithValues: items.map { ($0.id, Thumbnail.render($0)) })
                } else {
                    drawn = await drawThumbnails(for: items)
                }
                self.items = items
                self.thumbnails = drawn
                done()
            }
        }
    }
}

@concurrent
nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    var drawn: [String: Thumbnail] = [:]
    for item in items {
        drawn[item.id] = Thumbnail.render(item)
    }
    return drawn
}
