import Lesson15Support

// Exercise 15, a wrong fix from issue 53's fourteenth adversarial round (it passed while no feed
// repeated an item): the items made unique by id before they are shown. A feed that repeats an
// item is shown with fewer rows than the service gave.
// must fail: output
// verdict leads with: FeedViewModel.swift:30 because "show the service's items, in its order, before done"
/// Numbered refreshes drawn side by side in a `@concurrent` function. Thumbnails are keyed by item id,
/// so a feed is shown one row per id.
final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService
    private var asked = 0
    private var shown = 0

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        asked += 1
        let number = asked
        service.loadFeed { @Sendable answer in
            let rows = oneRowPerID(answer)
            Task { @MainActor in
                let drawn = await drawThumbnails(for: rows)
                if number > self.shown {
                    self.shown = number
                    self.items = rows
                    self.thumbnails = drawn
                }
                done()
            }
        }
    }
}

/// The first item of each id, in the service's order.
nonisolated func oneRowPerID(_ items: [FeedItem]) -> [FeedItem] {
    var seen: Set<String> = []
    return items.filter { seen.insert($0.id).inserted }
}

@concurrent nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    await withTaskGroup(of: (String, Thumbnail).self, returning: [String: Thumbnail].self) { group in
        for item in items {
            group.addTask { (item.id, Thumbnail.render(item)) }
        }
        var drawn: [String: Thumbnail] = [:]
        for await (id, thumbnail) in group {
            drawn[id] = thumbnail
        }
        return drawn
    }
}
