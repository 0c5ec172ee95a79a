import Lesson15Support

// Exercise 15: the feed, migrated to Xcode 26's defaults.
//
// This view model was written for Swift 5, lessons 5–9's way, and now builds as a new Xcode 26 app
// target builds it: Swift 6 mode, everything the main actor's by default, nonisolated async
// functions on their caller's actor (lesson 15). It compiles without a word. It does not work:
// the feed service (Lesson15Support, a module not yet migrated) calls `loadFeed`'s completion on a
// queue of its own choosing, and drawing the thumbnails is heavy work. Make it right:
// - when a refresh calls `done`, the screen shows the service's items, in its order (a feed may be
//   empty, or repeat an item), and `thumbnails` holds the shown items' thumbnails, drawn with
//   `Thumbnail.render`, and no others (an item may come back in a later feed, edited: draw it
//   again), whatever queue the service called back on (the main queue too);
// - refreshes may overlap (pull to refresh, twice): each calls `done`, and an older one's `done` may
//   show the newer one's answer instead of its own (waiting until that is shown); but the screen never
//   goes back from a newer refresh's answer to an older one's, nor shows one's items with another's
//   thumbnails;
// - the view model's state is changed on the main actor only: the screen reads it there;
// - `done` is called once a refresh, on the main actor, as soon as the items and all their
//   thumbnails are shown (not after a wait);
// - the screen never stands still: no heavy work on the main actor;
// - no clock: no timeout, expiry, delay or sleep, of any length (no run can wait out every
//   bound, so the check reads your file for one);
// - no trap, and ThreadSanitizer reports nothing.
// Keep `FeedScreenModel` (Lesson15Support) and `init(service:)`; do not change the service.
//
// Check your work:  swift run racelab exercise 15      A hint:  swift run racelab hint 15

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { items in
            self.items = items
            Task {
                self.thumbnails = await drawThumbnails(for: items)
                done()
            }
        }
    }
}

/// Written to take the drawing off the main actor, as Swift 6.0 ran a nonisolated async function.
nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    var drawn: [String: Thumbnail] = [:]
    for item in items {
        drawn[item.id] = Thumbnail.render(item)
    }
    return drawn
}
