// Exercise 15, a wrong fix from issue 53's eleventh adversarial round (it passed its runs then): each
// refresh shows its items and thumbnails together once they are drawn, whatever was shown meanwhile.
// When refreshes overlap, the one drawn last wins: an older refresh answered after a newer one leaves
// the screen on its stale answer. Nothing races, so ThreadSanitizer is rightly silent.
// must fail: output
// verdict leads with: FeedViewModel.swift:22 because "older refresh's answer"
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
                let drawn = await drawThumbnails(for: items)
                self.items = items
                self.thumbnails = drawn
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
