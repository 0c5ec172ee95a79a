import Lesson15Support

// Exercise 15, a wrong fix from issue 53's twelfth adversarial round (helper-30, it passed 5 of 5): the
// solution, and a `done` 5 s after the answer "so the user is never kept waiting", whatever is drawn
// by then. No drawing the driver plays takes 5 s, so each done comes from the drawing; the task says
// done comes when the thumbnails are shown, and no run can wait out every delay, so the runner reads
// the file for a clock.
// must fail: output
// verdict leads with: FeedViewModel.swift:34 because "not after a wait"

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService
    private var asked = 0  // refreshes asked for, numbered in order
    private var shownRefresh = 0  // the number of the refresh whose answer is shown

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        asked += 1
        let number = asked
        service.loadFeed { @Sendable items in
            Task { @MainActor in
                var called = false
                func callDone() {
                    guard !called else { return }
                    called = true
                    done()
                }
                Task { @MainActor in
                    try? await Task.sleep(for: .seconds(5))
                    if number > self.shownRefresh { (self.shownRefresh, self.items) = (number, items) }
                    callDone()
                }
                let drawn = await drawThumbnails(for: items)
                if number > self.shownRefresh {
                    (self.shownRefresh, self.items, self.thumbnails) = (number, items, drawn)
                }
                callDone()
            }
        }
    }
}

@concurrent nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    var drawn: [String: Thumbnail] = [:]
    for item in items {
        drawn[item.id] = Thumbnail.render(item)
    }
    return drawn
}
