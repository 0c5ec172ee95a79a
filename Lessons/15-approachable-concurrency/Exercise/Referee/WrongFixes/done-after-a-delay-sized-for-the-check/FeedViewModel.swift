import Lesson15Support

// Exercise 15, a wrong fix: `done` waits out a delay sized for the check's speed, not for the drawing
// (issue 53's adversarial round: it passed 3 of 3 at 4x; at real speed the same seed gave 10 faults).
// At 4x every `done` comes late, and the run is confirmed at real speed, where it comes before the
// thumbnails.
// must fail: output
// verdict leads with: FeedViewModel.swift:26 because "call done once every thumbnail is drawn" or "call done as soon as"

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
                Task { @MainActor in self.thumbnails = await drawThumbnails(for: items) }
                // Three thumbnails take at most 0.75 s at the check's 4x.
                try? await Task.sleep(for: .milliseconds(900))
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
