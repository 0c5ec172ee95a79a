// Exercise 10: one alert at a time (lesson 10, page 9). The toolkit's queue calls `added` as it adds
// each operation that has a MutuallyExclusive condition (from whatever thread adds it), and
// `finished` when that operation finishes. As given, it keeps track of the last operation of each
// category and does nothing with it: alerts pile up on screen. Make each new operation wait for the
// last one of its category still around ("make the second alert operation dependent on the first
// one"), and keep it right when alerts come from several threads, and when they finish.
// Check it with: swift run racelab exercise 10      Stuck? swift run racelab hint 10
//
// As given, this file is wrong, and the referee proves it (racelab verify):
// The starter tracks the last alert of each category but never makes the next depend on it.
// must fail: output

import Foundation
import RaceLab
import Lesson10Support

final class AlertExclusivity: Exclusivity, @unchecked Sendable {
    private let lock = NSLock()
    private var last: [String: Operation] = [:]

    func added(_ operation: Operation, categories: [String]) {
        lock.lock()
        for category in categories {
            last[category] = operation
        }
        lock.unlock()
    }

    func finished(_ operation: Operation, categories: [String]) {
        lock.lock()
        for category in categories where last[category] === operation {
            last[category] = nil
        }
        lock.unlock()
    }
}
