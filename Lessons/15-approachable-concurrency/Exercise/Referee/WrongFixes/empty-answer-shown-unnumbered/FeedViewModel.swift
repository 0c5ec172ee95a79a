// Exercise 15, a wrong fix from issue 53's twelfth adversarial round (it passed 5 of 5 then):
// refreshes numbered, an answer shown only if no newer one is, but an empty feed shown at once, with
// nothing to draw, and without its number. An older refresh drawn after it takes the screen back to
// the older answer.
// must fail: output
// verdict leads with: FeedViewModel.swift:25 or FeedViewModel.swift:23 because "older refresh's answer"
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
                if !items.isEmpty {
                    let drawn = await drawThumbnails(for: items)
                    guard number > self.shownRefresh else { return done() }
                    (self.shownRefresh, self.items, self.thumbnails) = (number, items, drawn)
                } else {
                    (self.items, self.thumbnails) = ([], [:])  // nothing to draw: shown at once
                }
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
