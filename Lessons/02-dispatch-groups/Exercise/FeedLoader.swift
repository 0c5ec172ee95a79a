// Exercise 2: know when every fetch is done (lesson 2, pages 4 and 5).
//
// The driver (main.swift) asks this loader for feeds of stories: `load` gets the items and a
// completion. Each `item.fetch` returns at once and calls back on a global queue, later (how much
// later comes from the run's seed; on a busy machine the callback may even run before `fetch` has
// returned). Make `load`:
// - return at once, and hold no thread while the fetches are out (a `wait`, on the main queue or on
//   a global one, holds a thread: with many loads at once the pool's few threads run out),
// - start every fetch at once, however many a feed has: it takes as long as its slowest fetch,
// - call `completion` once, on the main queue, after `load` has returned, as soon as every fetch
//   has called back,
// - with every item's text, an empty one too, in the order of the items (not the order they arrive
//   in; two items may have the same title, a story and its update, and each brings its own text),
// - right when the same loader loads two feeds at once, for an empty feed, and when many fetches
//   call back at the same moment,
// - no clock: no timeout, expiry, delay or sleep, of any length (no run can wait out every
//   bound, so the check reads your file for one),
// - without a data race.
// As written, it wraps each fetch in group.async: the group counts the tasks that start the
// fetches, which end at once, not the fetches.
//
// Check your work:  swift run racelab exercise 2      A hint:  swift run racelab hint 2

import Foundation
import RaceLabKit
import Lesson2Support

final class FeedLoader {
    func load(_ items: [FeedItem], completion: @escaping ([String]) -> Void) {
        let group = DispatchGroup()
        var texts: [String] = []
        for item in items {
            DispatchQueue.global().async(group: group) {
                item.fetch { text in
                    texts.append(text)
                }
            }
        }
        group.notify(queue: .main) {
            completion(texts)
        }
    }
}
