// Exercise 15, a wrong fix from issue 53's ninth adversarial round (it passed 4 of 4 runs then): the
// service's callback starts the drawing in a detached task, which shows the thumbnails and calls `done`,
// and then shows the rows in a main-actor task made after it, trusting the drawing to take longer. For
// an empty feed the drawing takes no time, and nothing orders the detached task's hop to the main actor
// after the task made next: `done` can come with the old rows still shown. The driver's empty refreshes
// run the detached task at once, as a busy machine may.
// must fail: output
// verdict leads with: FeedViewModel.swift:29 because "show the service's items, in its order, before done"
import Lesson15Support

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) { self.service = service }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            Task.detached {
                var drawn: [String: Thumbnail] = [:]
                for item in items { drawn[item.id] = Thumbnail.render(item) }
                let result = drawn
                await MainActor.run {
                    self.thumbnails = result
                    done()
                }
            }
            Task { @MainActor in self.items = items }
        }
    }
}
