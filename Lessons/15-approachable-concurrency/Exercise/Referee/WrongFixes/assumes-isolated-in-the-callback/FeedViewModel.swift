import Lesson15Support

// Exercise 15, a wrong fix: the completion is `@Sendable`, and says it is on the main actor with
// `MainActor.assumeIsolated`: true only when the service calls back on the main queue.
// must fail: crash
// verdict leads with: FeedViewModel.swift:19 because "run-time isolation check (SE-0423)"

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            MainActor.assumeIsolated {
                self.items = items
                Task {
                    self.thumbnails = await drawThumbnails(for: items)
                    done()
                }
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
