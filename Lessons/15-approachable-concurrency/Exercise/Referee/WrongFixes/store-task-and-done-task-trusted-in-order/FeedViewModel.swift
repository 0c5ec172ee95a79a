import Lesson15Support

// Exercise 15, a wrong fix: one task hops to the main actor to show the items and thumbnails, and
// another, made after it, hops there to call `done`, trusted to arrive second: tasks made from a
// nonisolated context run on the global executor, which promises no order (issue 53's adversarial
// round: it passed 3 of 8 before the quick round held the global executor's jobs and let them go
// reversed).
// must fail: output
// verdict leads with: FeedViewModel.swift:26 or FeedViewModel.swift:30 or FeedViewModel.swift:21 because "show the service's items" or "call done once every thumbnail"

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            Task {
                let drawn = await drawThumbnails(for: items)
                Task {
                    await MainActor.run {
                        self.items = items
                        self.thumbnails = drawn
                    }
                }
                Task { await MainActor.run { done() } }
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
