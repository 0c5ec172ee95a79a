// Exercise 15, a wrong fix from issue 53's eighth adversarial round (it passed 2 of 3 runs): one
// detached task an item draws its thumbnail and stores it on the main actor; the task of the feed's
// last item calls `done` once it has stored its own, though the items drawn side by side finish in
// any order. It passed when no refresh had its items drawn side by side with the last item drawn
// first; every run now has one.
// must fail: output
// verdict leads with: FeedViewModel.swift:31 or FeedViewModel.swift:23 or FeedViewModel.swift:30 because "call done once every thumbnail is drawn"
import Lesson15Support

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) { self.service = service }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            Task { @MainActor in
                self.items = items
                self.thumbnails = [:]
                guard let last = items.last else {
                    done()
                    return
                }
                for item in items {
                    Task.detached {
                        let thumbnail = Thumbnail.render(item)
                        await MainActor.run {
                            self.thumbnails[item.id] = thumbnail
                            if item.id == last.id { done() }
                        }
                    }
                }
            }
        }
    }
}
