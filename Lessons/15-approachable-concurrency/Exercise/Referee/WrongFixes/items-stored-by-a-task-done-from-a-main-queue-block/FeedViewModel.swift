import Dispatch
import Lesson15Support

// Exercise 15, a wrong fix from issue 53's third adversarial round (helper-17; it passed 5 of 5):
// the items are stored by a plain task that hops to the main actor, and the thumbnails, with `done`,
// by a block the drawing sends to the main queue. Nothing orders the task's hop before that block: it
// starts on the global executor. The quick round held the global executor's jobs 10 ms, less than a
// quick thumbnail takes; now 30 ms, and the items come after `done`.
// must fail: output
// verdict leads with: FeedViewModel.swift:25 because "show the service's items"

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            // show the rows now
            Task {
                await MainActor.run { self.items = items }
            }
            // draw on a global queue, then show the thumbnails on the main queue
            DispatchQueue.global().async {
                var drawn: [String: Thumbnail] = [:]
                for item in items { drawn[item.id] = Thumbnail.render(item) }
                DispatchQueue.main.async {
                    MainActor.assumeIsolated {
                        self.thumbnails = drawn
                        done()
                    }
                }
            }
        }
    }
}
