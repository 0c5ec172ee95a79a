import Dispatch
import Lesson15Support

// Exercise 15, a wrong fix from issue 53's fourth adversarial round (helper-18: it passed 2 of 5 runs):
// right, but `done` comes 20 ms of real time after the thumbnails are shown. The median refresh's
// `done` was measured with every frame of the screen meanwhile taken off, and the frames of 20 ms left
// 2 to 11 ms; now one frame at most is taken off, and it measures 13 to 20 ms (the limit is 2).
// must fail: output
// verdict leads with: FeedViewModel.swift:25 or FeedViewModel.swift:23 because "call done as soon as"

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
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.02) { done() }
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
