import Lesson15Support

// Exercise 15, a wrong fix from issue 53's fifteenth adversarial round (it passed: the two hops to
// the main actor came in order): each detached drawing counts itself done in one `MainActor.run` and
// stores its thumbnail in a second; the one that counted last may store and show before the other
// has stored its own.
// must fail: output
// verdict leads with: FeedViewModel.swift:40 because "count a drawing done and store its thumbnail in one critical section"
@MainActor
final class Batch {
    var drawn: [String: Thumbnail] = [:]
    var finished = 0
    let total: Int
    init(total: Int) { self.total = total }
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
                let batch = Batch(total: answer.count)
                if answer.isEmpty {
                    self.publish(answer, batch, number: number, done: done)
                    return
                }
                for item in answer {
                    Task.detached {
                        let thumbnail = Thumbnail.render(item)
                        let last = await MainActor.run { () -> Bool in
                            batch.finished += 1
                            return batch.finished == batch.total
                        }
                        await MainActor.run { batch.drawn[item.id] = thumbnail }
                        if last {
                            await MainActor.run { self.publish(answer, batch, number: number, done: done) }
                        }
                    }
                }
            }
        }
    }

    private func publish(_ answer: [FeedItem], _ batch: Batch, number: Int, done: @Sendable () -> Void) {
        if number > shown {
            shown = number
            items = answer
            thumbnails = batch.drawn
        }
        done()
    }
}
