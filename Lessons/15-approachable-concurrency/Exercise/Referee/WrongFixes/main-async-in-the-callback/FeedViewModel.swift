import Dispatch
import Lesson15Support

// Exercise 15, a wrong fix: the GCD reflex. The completion hops to the main queue with
// `DispatchQueue.main.async` before it touches the view model's state, as lessons 1–9 did. But the
// closure is the main actor's (made in main-actor code), and Swift 6 checks that at its first line
// (SE-0423), before the hop: called on the service's queue, it traps there.
// must fail: crash
// verdict leads with: FeedViewModel.swift:21 because "run-time isolation check (SE-0423)"

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { items in
            DispatchQueue.main.async {
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
