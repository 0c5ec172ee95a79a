import Lesson15Support

// Exercise 15, a wrong fix: the completion hops to the main actor right, but `drawThumbnails` stays a
// plain nonisolated async function: under Xcode 26's defaults it runs on its caller's actor, the main one.
// must fail: output
// verdict leads with: FeedViewModel.swift:31 because "draw the thumbnails off the main actor"

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

nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    var drawn: [String: Thumbnail] = [:]
    for item in items {
        drawn[item.id] = Thumbnail.render(item)
    }
    return drawn
}
