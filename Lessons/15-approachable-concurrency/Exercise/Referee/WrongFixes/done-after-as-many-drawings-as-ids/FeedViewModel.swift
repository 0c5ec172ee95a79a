import Lesson15Support

// Exercise 15, a wrong fix from issue 53's fifteenth adversarial round (it passed, a repeated item
// drawn beside the others): one drawing per item, but `done` once as many drawings have ended as the
// feed has distinct ids: where a repeated item's two drawings end first, another item is missing.
// must fail: output
// verdict leads with: FeedViewModel.swift:20 because "call done once every thumbnail is drawn"
@MainActor
final class PendingRefresh {
    let number: Int
    let answer: [FeedItem]
    var drawn: [String: Thumbnail] = [:]
    var remaining: Int
    let done: @Sendable () -> Void

    init(number: Int, answer: [FeedItem], done: @escaping @Sendable () -> Void) {
        self.number = number
        self.answer = answer
        self.remaining = Set(answer.map(\.id)).count  // thumbnails are keyed by id
        self.done = done
    }
}

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService
    private var asked = 0
    private var shown = 0

    init(service: FeedService) {
        self.service = service
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        asked += 1
        let number = asked
        service.loadFeed { @Sendable answer in
            Task { @MainActor in
                self.start(PendingRefresh(number: number, answer: answer, done: done))
            }
        }
    }

    private func start(_ pending: PendingRefresh) {
        if pending.answer.isEmpty {
            finish(pending)
            return
        }
        for item in pending.answer {
            Task.detached {
                let thumbnail = Thumbnail.render(item)
                await self.drew(thumbnail, of: item, for: pending)
            }
        }
    }

    private func drew(_ thumbnail: Thumbnail, of item: FeedItem, for pending: PendingRefresh) {
        pending.drawn[item.id] = thumbnail
        pending.remaining -= 1
        if pending.remaining == 0 {
            finish(pending)
        }
    }

    private func finish(_ pending: PendingRefresh) {
        if pending.number > shown {
            shown = pending.number
            items = pending.answer
            thumbnails = pending.drawn
        }
        pending.done()
    }
}
