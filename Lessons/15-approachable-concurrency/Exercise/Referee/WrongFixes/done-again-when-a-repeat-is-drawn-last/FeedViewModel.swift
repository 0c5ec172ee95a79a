import Lesson15Support

// Exercise 15, a wrong fix from issue 53's sixteenth round (it passed 2 of 2 runs): each item drawn in
// a task of its own, `done` when as many thumbnails are gathered as the feed has distinct ids, and again
// when a repeated item's second drawing ends after that. `done` once a refresh: the refresh drawn one
// item at a time now repeats its first item at its end too, drawn last.
// must fail: output
// verdict leads with: FeedViewModel.swift:41 or FeedViewModel.swift:51 because "call done once a refresh"

final class Gather {
    var drawn: [String: Thumbnail] = [:]
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

    private func show(_ answer: [FeedItem], _ drawn: [String: Thumbnail], number: Int) {
        if number > shown {
            shown = number
            items = answer
            thumbnails = drawn
        }
    }

    func refresh(done: @escaping @Sendable () -> Void) {
        asked += 1
        let number = asked
        service.loadFeed { @Sendable answer in
            Task { @MainActor in
                let distinct = Set(answer.map(\.id)).count
                if distinct == 0 {
                    self.show(answer, [:], number: number)
                    done()
                    return
                }
                let gather = Gather()
                for item in answer {
                    Task {
                        let one = await drawThumbnails(for: [item])
                        gather.drawn[item.id] = one[item.id]
                        if gather.drawn.count == distinct {
                            self.show(answer, gather.drawn, number: number)
                            done()
                        }
                    }
                }
            }
        }
    }
}

@concurrent func drawThumbnails(for items: [FeedItem]) async -> [String: Thumbnail] {
    var drawn: [String: Thumbnail] = [:]
    for item in items {
        drawn[item.id] = Thumbnail.render(item)
    }
    return drawn
}
