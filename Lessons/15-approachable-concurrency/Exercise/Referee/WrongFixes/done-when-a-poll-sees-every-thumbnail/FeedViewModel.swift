import Lesson15Support

// Exercise 15, a wrong fix from issue 53's adversarial round (helper-15): each thumbnail stored by a
// task of its own, and `done` called when a main-actor loop, looking every 100 ms, finds them all: a
// poll. The median refresh's `done` comes some 20 ms after the screen let the main actor go, where a
// right view model's comes within a millisecond. (Where a refresh's last drawing, a repeated item's,
// ends after the next refresh began, it stores its thumbnail there, and that refresh's count is made
// up before its own are in: `done` with a thumbnail missing; or the newer refresh holds it, of an
// item it does not show, when its own poll finds its count.)
// must fail: output
// verdict leads with: FeedViewModel.swift:34 or FeedViewModel.swift:28 because "call done as soon as" or "call done once every thumbnail" or "thumbnails holds the shown items' thumbnails and no others"

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
                self.thumbnails = [:]
                for item in items {
                    Task { @MainActor in
                        self.thumbnails[item.id] = await drawThumbnail(for: item)
                    }
                }
                while self.thumbnails.count < Set(items.map(\.id)).count {
                    try? await Task.sleep(for: .milliseconds(100))
                }
                done()
            }
        }
    }
}

@concurrent
nonisolated func drawThumbnail(for item: FeedItem) async -> Thumbnail {
    Thumbnail.render(item)
}
