import Lesson15Support

// Exercise 15, a wrong fix from issue 53's fifth adversarial round (helper-19: it passed 5 of 5 runs
// while a frame of the screen's was taken off the measure): right, but `done` comes after a sleep of
// 5 ms, "to let the screen draw first". The screen now draws no frame for 10 ms after a hold lets go,
// so no frame is taken off: the median refresh's `done` measures 5.5 ms (the limit is 2).
// must fail: output
// verdict leads with: FeedViewModel.swift:25 or FeedViewModel.swift:24 because "call done as soon as"

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
                self.thumbnails = await drawThumbnails(for: items)
                try? await Task.sleep(for: .milliseconds(5))
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
