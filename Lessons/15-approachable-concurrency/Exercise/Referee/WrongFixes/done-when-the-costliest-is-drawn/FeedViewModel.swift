import Lesson15Support

// Exercise 15, a known wrong fix (issue 53's seventh round: it passed 2 of 3 runs): each thumbnail is
// drawn in a task of its own and shown as it comes, and `done` is called when the costliest item's is
// shown, trusting it to be drawn last. It is when the machine draws them all at once; one refresh
// draws its items one after another, the costliest first.
// must fail: output
// verdict leads with: FeedViewModel.swift:26 or FeedViewModel.swift:33 because "not before"

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
                let ids = Set(items.map(\.id))
                self.thumbnails = self.thumbnails.filter { ids.contains($0.key) }
                guard let costliest = items.max(by: { $0.renderCost < $1.renderCost }) else {
                    done()
                    return
                }
                for item in items {
                    Task { @MainActor in
                        let (id, thumbnail) = await render(item)
                        self.thumbnails[id] = thumbnail
                        if id == costliest.id { done() }
                    }
                }
            }
        }
    }
}

@concurrent
nonisolated func render(_ item: FeedItem) async -> (String, Thumbnail) {
    (item.id, Thumbnail.render(item))
}
