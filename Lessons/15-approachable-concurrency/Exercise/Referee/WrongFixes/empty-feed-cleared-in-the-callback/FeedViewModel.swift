import Foundation
import Lesson15Support

// Exercise 15, a wrong fix from issue 53's second adversarial round (helper-16; it passed 2 of 5):
// the state sits behind an `NSLock`; a feed with items is shown on the main actor, but an empty one is
// cleared at once, in the service's callback, on whatever queue that is. The empty feed came back on
// the main queue in about a quarter of the seeds, where clearing it there is right; now it never does.
// must fail: output
// verdict leads with: FeedViewModel.swift:32 or FeedViewModel.swift:22 because "change the items and thumbnails on the main actor only"

nonisolated final class StateBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [FeedItem] = []
    private var thumbnails: [String: Thumbnail] = [:]
    func read() -> ([FeedItem], [String: Thumbnail]) {
        lock.lock()
        defer { lock.unlock() }
        return (items, thumbnails)
    }
    func setItems(_ new: [FeedItem]) {
        lock.lock()
        items = new
        lock.unlock()
    }
    func setThumbnails(_ new: [String: Thumbnail]) {
        lock.lock()
        thumbnails = new
        lock.unlock()
    }
    func clear() {
        lock.lock()
        items = []
        thumbnails = [:]
        lock.unlock()
    }
}

final class FeedViewModel: FeedScreenModel {
    private let box = StateBox()
    var items: [FeedItem] { box.read().0 }
    var thumbnails: [String: Thumbnail] { box.read().1 }
    private let service: FeedService

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        let box = self.box
        service.loadFeed { @Sendable items in
            if items.isEmpty {
                box.clear()  // nothing to draw: clear right away
                Task { @MainActor in done() }
                return
            }
            Task { @MainActor in
                box.setItems(items)
                let drawn = await drawThumbnails(for: items)
                box.setThumbnails(drawn)
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
