import Lesson15Support

// Exercise 15, a wrong fix: the drawing runs in a detached task, which shows the thumbnails with
// `MainActor.run` and then calls `done` itself, off the main actor.
// must fail: output
// verdict leads with: FeedViewModel.swift:25 because "call done on the main actor"

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
            }
            Task.detached {
                let drawn = await drawThumbnails(for: items)
                await MainActor.run { self.thumbnails = drawn }
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
