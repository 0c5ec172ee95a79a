import Lesson15Support

// Exercise 15, a wrong fix from issue 53's fourteenth adversarial round (it passed, the main actor's
// turns in order): numbered refreshes, but what is shown is read in one hop to the main actor and
// the answer shown in a second: a newer answer shown between the two hops is shown over.
// must fail: output
// verdict leads with: FeedViewModel.swift:43 because "never show an older refresh's answer over a newer one's"
/// The completion starts a task of no actor that draws with a `@concurrent` function, asks the main
/// actor which refresh is on screen, and shows its own answer only if it is newer.
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
        service.loadFeed { @Sendable items in
            Task {
                let drawn = await drawThumbnails(for: items)
                let onScreen = await self.shownRefresh()
                await self.finish(number, items, drawn, show: number > onScreen, done: done)
            }
        }
    }

    private func shownRefresh() -> Int {
        shown
    }

    private func finish(
        _ number: Int, _ answer: [FeedItem], _ drawn: [String: Thumbnail], show: Bool,
        done: @Sendable () -> Void
    ) {
        if show {
            shown = number
            items = answer
            thumbnails = drawn
        }
        done()
    }
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
