import Lesson15Support

// Exercise 15, a wrong fix from issue 53's fifteenth adversarial round (it passed while no feed had
// more than 6 items): thumbnails drawn for the first six rows only, "one screenful", the rest left for
// a scroll that never comes.
// must fail: output
// verdict leads with: FeedViewModel.swift:33 because "call done once every thumbnail is drawn"
let rowsOnScreen = 6

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
                let visible = Array(answer.prefix(rowsOnScreen))
                let drawn = await drawThumbnails(for: visible)
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
    await withTaskGroup(of: (String, Thumbnail).self) { group in
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
