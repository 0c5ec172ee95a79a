// Exercise 15, a wrong fix from issue 53's ninth adversarial round (it passed its runs then): each item
// drawn in a detached task of its own, which counts itself done (one critical section) before it
// stores its thumbnail (another); the one that counts last shows what is stored. Another that counted
// first may not have stored yet, so `done` comes with a thumbnail missing. Every access is locked, so
// ThreadSanitizer is rightly silent; the paired round's drawings return together, and meet there.
// must fail: output
// verdict leads with: FeedViewModel.swift:35 or FeedViewModel.swift:29 because "store its thumbnail in one critical section" or "older refresh's answer"
import Foundation
import Lesson15Support

nonisolated final class Drawn: @unchecked Sendable {  // every var under `lock`
    let lock = NSLock()
    var thumbnails: [String: Thumbnail] = [:]
    var finished = 0
}

final class FeedViewModel: FeedScreenModel {
    private(set) var items: [FeedItem] = []
    private(set) var thumbnails: [String: Thumbnail] = [:]
    private let service: FeedService

    init(service: FeedService) { self.service = service }

    func refresh(done: @escaping @Sendable () -> Void) {
        service.loadFeed { @Sendable items in
            Task { @MainActor in
                self.items = items
                guard !items.isEmpty else {
                    self.thumbnails = [:]
                    return done()
                }
                let drawn = Drawn()
                for item in items {
                    Task.detached {
                        let thumbnail = Thumbnail.render(item)
                        let last = drawn.lock.withLock {
                            drawn.finished += 1
                            return drawn.finished == items.count
                        }
                        drawn.lock.withLock { drawn.thumbnails[item.id] = thumbnail }
                        guard last else { return }
                        let all = drawn.lock.withLock { drawn.thumbnails }
                        await MainActor.run {
                            self.thumbnails = all
                            done()
                        }
                    }
                }
            }
        }
    }
}
