import Lesson15Support

// Exercise 15, a wrong fix from issue 53's adversarial round (helper-15): right, but `done` waits 300 ms
// "to give the screen a moment". Every refresh's `done` comes late: at 4x past the 0.5 s allowed, and
// the median refresh's 300 ms after the screen let the main actor go, at any speed.
// must fail: output
// verdict leads with: FeedViewModel.swift:23 because "call done as soon as"

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
                try? await Task.sleep(for: .milliseconds(300))
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
