import Lesson15Support

// Exercise 15, a solution. The completion is `@Sendable`: not the main actor's, so Swift checks
// nothing when the service calls it on any queue. It hops to the main actor with a task of its own
// and awaits the drawing, which `@concurrent` sends off the main actor (SE-0461). Back on the main
// actor it shows the items and their thumbnails together, unless a newer refresh's answer is shown
// already (the drawing is an `await`: another refresh may have been shown meanwhile), and calls `done`.

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService
    private var asked = 0  // refreshes asked for, numbered in order
    private var shownRefresh = 0  // the number of the refresh whose answer is shown

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        asked += 1
        let number = asked
        service.loadFeed { @Sendable items in
            Task { @MainActor in
                let drawn = await drawThumbnails(for: items)
                if number > self.shownRefresh {
                    (self.shownRefresh, self.items, self.thumbnails) = (number, items, drawn)
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
