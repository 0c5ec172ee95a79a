import Lesson15Support

// Exercise 15, a wrong fix from issue 53's fifteenth adversarial round (it passed while an edited
// item's earlier refresh was no longer shown): an item whose id has a thumbnail on the screen keeps
// it, not drawn again; an item that comes back edited, its earlier version shown, keeps the old one.
// must fail: output
// verdict leads with: FeedViewModel.swift:33 because "draw every shown item's thumbnail, an item that comes back edited again"
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
            Task { @MainActor in
                let onScreen = self.thumbnails
                let fresh = await drawThumbnails(for: answer.filter { onScreen[$0.id] == nil })
                var drawn: [String: Thumbnail] = [:]
                for item in answer {
                    drawn[item.id] = fresh[item.id] ?? onScreen[item.id]
                }
                if number > self.shown {
                    self.shown = number
                    self.items = answer
                    self.thumbnails = drawn
                }
                done()
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
