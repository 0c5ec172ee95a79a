// Exercise 10: one alert at a time (lesson 10, page 9). The toolkit's queue calls `added` as it adds
// each operation that has a MutuallyExclusive condition (from whatever thread adds it), and
// `finished` when that operation finishes (on whatever thread it finished). As given, it does
// nothing with either: alerts pile up on screen. Make each new operation wait for the last one of
// its category still around ("make the second alert operation dependent on the first one"), for
// every category it has, and keep that right when alerts come from several threads at once, and
// while others finish. An alert is around until `finished` says so, however long ago it was added:
// a person may leave one on screen for minutes.
// Check it with: swift run racelab exercise 10      Stuck? swift run racelab hint 10

import Foundation
import RaceLabKit
import Lesson10Support

// @unchecked Sendable: no state yet; what you add must keep the promise (the exercise's task).
final class AlertExclusivity: Exclusivity, @unchecked Sendable {
    func added(_ operation: Operation, categories: [String]) {
    }

    func finished(_ operation: Operation, categories: [String]) {
    }
}
