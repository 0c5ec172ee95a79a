// Exercise 15, a wrong fix from issue 53's eighth adversarial round (it passed 2 of 3 runs): the
// thumbnails are drawn side by side, and each item is shown when its thumbnail is drawn, so the items
// are shown in the order their drawings finished, not in the service's. It passed when no refresh had
// its items drawn side by side in an order other than the service's; every run now has one.
// must fail: output
// verdict leads with: FeedViewModel.swift:26 or FeedViewModel.swift:19 or FeedViewModel.swift:30 because "show the service's items, in its order"
import Lesson15Support

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) { self.service = service }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            Task { @MainActor in
                self.items = []
                self.thumbnails = [:]
                await withTaskGroup(of: (FeedItem, Thumbnail).self) { group in
                    for item in items {
                        group.addTask { @concurrent in (item, Thumbnail.render(item)) }
                    }
                    for await (item, thumbnail) in group {
                        self.items.append(item)
                        self.thumbnails[item.id] = thumbnail
                    }
                }
                done()
            }
        }
    }
}
