import Lesson15Support

// Exercise 15, a wrong fix from issue 53's fifteenth adversarial round (it passed: an overtaken
// refresh's calls of `done` were counted 0.3 s after the first, and its second came later): showing a
// refresh calls `done` for every older one still waiting, and an older one whose own drawing ends
// later calls its `done` again.
// must fail: output
// verdict leads with: FeedViewModel.swift:24 because "call done once a refresh"
final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService
    private var asked = 0
    private var shown = 0
    private var waiting: [Int: @Sendable () -> Void] = [:]

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        asked += 1
        let number = asked
        waiting[number] = done
        service.loadFeed { @Sendable answer in
            Task { @MainActor in
                let drawn = await drawThumbnails(for: answer)
                if number > self.shown {
                    self.shown = number
                    self.items = answer
                    self.thumbnails = drawn
                    // This answer is what every older refresh's caller now sees: release them all.
                    for (n, release) in self.waiting where n <= number {
                        release()
                    }
                    self.waiting = self.waiting.filter { $0.key > number }
                } else {
                    done()  // overtaken: nothing to show, tell the caller
                }
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
