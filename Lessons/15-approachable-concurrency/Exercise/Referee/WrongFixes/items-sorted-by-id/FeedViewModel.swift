import Lesson15Support

// Exercise 15, a wrong fix from issue 53's fourth adversarial round (helper-18: it passed 5 of 5 runs
// while the driver's ids sorted in feed order): the shown items are rebuilt from a dictionary by id,
// sorted by id, not kept in the service's order. The driver's stories are numbered out of order now.
// must fail: output
// verdict leads with: FeedViewModel.swift:23 because "show the service's items, in its order"

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
                let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                self.thumbnails = await drawThumbnails(for: items)
                self.items = byID.keys.sorted().compactMap { byID[$0] }
                done()
            }
        }
    }
}

@concurrent
nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    var drawn: [String: Thumbnail] = [:]
    for item in items { drawn[item.id] = Thumbnail.render(item) }
    return drawn
}
