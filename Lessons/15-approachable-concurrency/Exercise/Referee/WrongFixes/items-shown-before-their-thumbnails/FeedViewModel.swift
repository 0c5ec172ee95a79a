import Lesson15Support

// Exercise 15, a wrong fix from issue 53's seventeenth round (helper-43; it passed its run): a newer
// answer's items are shown as soon as it comes, while `thumbnails` still holds the older answer's, and
// its thumbnails are stored once drawn. All is right when `done` is called, but until then the screen
// shows one answer's items with another's thumbnails, which the task forbids. The screen's frames now
// look at what they show: every thumbnail a shown item's, as it is shown (`Shown.notTheirs`).
// must fail: output
// verdict leads with: FeedViewModel.swift:31 because "show an answer's items and their thumbnails together"

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService
    private var lastAsked = 0
    private var itemsShown = 0  // the newest refresh whose items are on screen
    private var wholeShown = 0  // the newest refresh whose items and thumbnails are on screen
    private var waiting: [(number: Int, done: @Sendable () -> Void)] = []

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        lastAsked += 1
        let number = lastAsked
        service.loadFeed { @Sendable answer in
            Task { @MainActor in
                if number > self.itemsShown {
                    self.itemsShown = number
                    self.items = answer  // shown at once: the user sees the new list sooner
                }
                let drawn = await drawThumbnails(for: answer)
                if number == self.itemsShown {
                    self.thumbnails = drawn
                    self.wholeShown = number
                }
                self.waiting.append((number, done))
                let ready = self.waiting.filter { $0.number <= self.wholeShown }
                self.waiting.removeAll { $0.number <= self.wholeShown }
                for waiter in ready { waiter.done() }
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
