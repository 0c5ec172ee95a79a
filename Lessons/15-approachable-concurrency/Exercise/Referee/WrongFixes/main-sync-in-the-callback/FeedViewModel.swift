import Dispatch
import Lesson15Support

// Exercise 15, a wrong fix: the completion gets onto the main queue with `DispatchQueue.main.sync`: when
// the service calls back on the main queue itself, the main queue waits for itself.
// must fail: crash
// verdict leads with: FeedViewModel.swift:20 because "waits for itself forever"

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            DispatchQueue.main.sync {
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
}

@concurrent nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    var drawn: [String: Thumbnail] = [:]
    for item in items {
        drawn[item.id] = Thumbnail.render(item)
    }
    return drawn
}
