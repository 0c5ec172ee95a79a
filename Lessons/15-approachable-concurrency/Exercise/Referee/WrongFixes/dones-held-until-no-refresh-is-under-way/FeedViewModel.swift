import Lesson15Support

// Exercise 15, a wrong fix from issue 53's thirteenth and fourteenth adversarial rounds (it passed,
// each answer shown when drawn): every `done` held until no refresh is under way. A refresh whose
// answer is shown while another is still drawing calls `done` only when that one ends.
// must fail: output
// verdict leads with: FeedViewModel.swift:37 because "call done as soon as the items and thumbnails are shown, not after a wait"
/// Numbered refreshes drawn with a `@concurrent` function. The dones of overlapping refreshes are
/// called together once the screen has settled (no refresh left in flight), so every `done` sees the
/// newest answer, whole.
final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService
    private var asked = 0
    private var shown = 0
    private var inFlight = 0
    private var settledDones: [@Sendable () -> Void] = []

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        asked += 1
        inFlight += 1
        let number = asked
        service.loadFeed { @Sendable items in
            Task { @MainActor in
                let drawn = await drawThumbnails(for: items)
                if number > self.shown {
                    self.shown = number
                    self.items = items
                    self.thumbnails = drawn
                }
                self.inFlight -= 1
                self.settledDones.append(done)
                if self.inFlight == 0 {
                    let dones = self.settledDones
                    self.settledDones = []
                    for settled in dones {
                        settled()
                    }
                }
            }
        }
    }
}

@concurrent nonisolated func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    await withTaskGroup(of: (String, Thumbnail).self, returning: [String: Thumbnail].self) { group in
        for item in items {
            group.addTask { (item.id, Thumbnail.render(item)) }
        }
        var drawn: [String: Thumbnail] = [:]
        for await (id, thumbnail) in group {
            drawn[id] = thumbnail
        }
        return drawn
    }
}
