import Lesson15Support

// Exercise 15, a wrong fix from issue 53's sixteenth round (it passed 2 of 2 runs): shows and draws the
// first 8 items of a feed only ("a page"), where the first refreshes had 8 at most. The service's
// items are shown, all of them: a refresh of 20 to 40 cheap items now follows the quick round.
// must fail: output
// verdict leads with: FeedViewModel.swift:29 because "show the service's items"

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
                let page = Array(answer.prefix(8))
                let drawn = await drawThumbnails(for: page)
                if number > self.shown {
                    self.shown = number
                    self.items = page
                    self.thumbnails = drawn
                }
                done()
            }
        }
    }
}

@concurrent func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    var drawn: [String: Thumbnail] = [:]
    for item in items {
        drawn[item.id] = Thumbnail.render(item)
    }
    return drawn
}
