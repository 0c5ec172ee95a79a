import Lesson15Support

// Exercise 15, a known wrong fix (issue 53's seventh round: it passed 3 of 3 runs): the drawing is off
// the main actor and `done` comes on time, but right after it the view model loops 100 ms on the main
// actor ("checking" the thumbnails), every refresh. The screen's longest wait stays under its 0.5 s
// limit; the main thread's CPU time between two frames shows the loop, at any speed.
// must fail: output
// verdict leads with: FeedViewModel.swift:21 because "heavy work where the screen waits"

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
                let drawn = await drawThumbnails(for: items)
                self.thumbnails = drawn
                done()
                _ = self.verified(drawn)
            }
        }
    }

    private func verified(_ drawn: [String: Thumbnail]) -> [String: Thumbnail] {
        let clock = ContinuousClock()
        let start = clock.now
        var acc = 0
        while clock.now - start < .milliseconds(100) {
            for (id, t) in drawn { acc &+= id.hashValue &+ t.checksum }
            acc &+= 1
        }
        return acc == Int.min ? [:] : drawn
    }
}

@concurrent
nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    var drawn: [String: Thumbnail] = [:]
    for item in items { drawn[item.id] = Thumbnail.render(item) }
    return drawn
}
