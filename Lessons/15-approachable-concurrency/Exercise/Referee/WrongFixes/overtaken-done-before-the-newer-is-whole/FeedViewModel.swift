// Exercise 15, a wrong fix from issue 53's twelfth adversarial round (it passed 5 of 5 then): each
// answer shows its items at once, marks itself the one shown, and stores its thumbnails once drawn if
// it still is. An older answer that comes while a newer one draws sees it marked and calls `done` at
// once: the screen then has the newer items beside the thumbnails of neither.
// must fail: output
// verdict leads with: FeedViewModel.swift:28 or FeedViewModel.swift:25 because "older refresh's answer"
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
                let drawn = await drawThumbnails(for: items)
                if self.shownRefresh == number { self.thumbnails = drawn }
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
