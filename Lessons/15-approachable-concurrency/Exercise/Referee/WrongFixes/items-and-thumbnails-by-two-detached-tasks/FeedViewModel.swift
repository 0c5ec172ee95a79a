import Lesson15Support

// Exercise 15, a wrong fix from issue 53's fourth adversarial round (helper-18: it passed 5 of 5 runs):
// the items are shown by one detached task, the thumbnails stored and `done` called by another.
// Nothing orders the two: where the global executor runs the drawing task first and the other after
// its drawing, `done` comes before the items are shown. The driver's held jobs now go 40 ms apart,
// longer than a quick item's drawing at 4x.
// must fail: output
// verdict leads with: FeedViewModel.swift:23 because "show the service's items, in its order"

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            Task.detached {
                await MainActor.run { self.items = items }
            }
            Task.detached {
                var drawn: [String: Thumbnail] = [:]
                for item in items { drawn[item.id] = Thumbnail.render(item) }
                await MainActor.run {
                    self.thumbnails = drawn
                    done()
                }
            }
        }
    }
}
