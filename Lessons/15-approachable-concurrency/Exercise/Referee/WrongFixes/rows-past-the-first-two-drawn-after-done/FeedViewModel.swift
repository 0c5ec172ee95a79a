// Exercise 15, a wrong fix from issue 53's ninth adversarial round (it passed its run then): the first
// two rows, what a phone shows at once, are drawn before `done`, and the rest after it. The task says
// `done` comes once all the items' thumbnails are shown. It passed while no refresh had more than 2
// items; every run now has one of 3.
// must fail: output
// verdict leads with: FeedViewModel.swift:24 or FeedViewModel.swift:23 because "call done once every thumbnail is drawn"
import Lesson15Support

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
                let rest = Array(items.dropFirst(2))
                self.thumbnails = await drawThumbnails(for: Array(items.prefix(2)))
                done()
                guard !rest.isEmpty else { return }
                let more = await drawThumbnails(for: rest)
                if self.items == items { self.thumbnails.merge(more) { _, new in new } }
            }
        }
    }
}

@concurrent
nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    var drawn: [String: Thumbnail] = [:]
    for item in items {
        drawn[item.id] = Thumbnail.render(item)
    }
    return drawn
}
