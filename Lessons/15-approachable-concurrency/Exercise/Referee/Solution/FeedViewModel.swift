import Lesson15Support

// Exercise 15, a solution. The completion is `@Sendable`: not the main actor's, so Swift checks
// nothing when the service calls it on any queue. It hops to the main actor with a task of its own,
// shows the items there, and awaits the drawing, which `@concurrent` sends off the main actor
// (SE-0461). The thumbnails are shown, and `done` called, back on the main actor.

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
