import Lesson15Support
import Synchronization

// Exercise 15, a wrong fix from issue 53's adversarial round (it passed 5 of 5 before the driver
// counted wake-ups): the thumbnails drawn by a detached task into a locked box, and a main-actor loop
// that looks every millisecond whether the box is full, then shows them and calls `done`. Everything
// changes on the main actor and `done` comes within a millisecond or so: but on a timer, not when the
// drawing ended. While the thumbnails are drawn, the poll wakes the process about a thousand times a
// second, where the screen's frames wake it a few hundred.
// must fail: output
// verdict leads with: FeedViewModel.swift:33 because "call done as soon as"

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            let box = DrawnBox()
            Task.detached {
                var drawn: [String: Thumbnail] = [:]
                for item in items { drawn[item.id] = Thumbnail.render(item) }
                box.drawn.withLock { $0 = drawn }
            }
            Task { @MainActor in
                self.items = items
                while box.drawn.withLock({ $0 }) == nil {
                    try? await Task.sleep(for: .milliseconds(1))
                }
                self.thumbnails = box.drawn.withLock { $0 } ?? [:]
                done()
            }
        }
    }
}

/// The thumbnails, once drawn.
nonisolated final class DrawnBox: Sendable {
    let drawn = Mutex<[String: Thumbnail]?>(nil)
}
