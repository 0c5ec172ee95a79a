import Lesson15Support

// Exercise 15, a wrong fix: the drawing is `@concurrent`, and writes each thumbnail as it is drawn
// into a box that promises `@unchecked Sendable` and keeps no promise; the screen reads the box on
// the main queue meanwhile.
// must fail: output
// verdict leads with: FeedViewModel.swift:36 or FeedViewModel.swift:26 or FeedViewModel.swift:16 or main.swift:5 because "change the items and thumbnails on the main actor only" or "every access to this memory" or "every access to it, reads too" or "every access to shared memory, reads too"

nonisolated final class ThumbnailBox: @unchecked Sendable {
    var thumbnails: [String: Thumbnail] = [:]
}

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private let box = ThumbnailBox()
    var thumbnails: [String: Thumbnail] { box.thumbnails }
    private let service: FeedService

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            Task { @MainActor in
                self.items = items
                await drawThumbnails(for: items, into: self.box)
                done()
            }
        }
    }
}

@concurrent nonisolated func drawThumbnails(for items: [FeedItem], into box: ThumbnailBox) async {
    for item in items {
        box.thumbnails[item.id] = Thumbnail.render(item)
    }
}
