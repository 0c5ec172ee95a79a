// Exercise 4: make Counter thread-safe without changing how it is used. Eight tasks call increment()
// at the same time while another reads value; as given, updates are lost (lesson 4, page 1) and
// ThreadSanitizer reports the race. Keep increment() and value as they are called now.
// Check it with: swift run racelab exercise 4      Stuck? swift run racelab hint 4
//
// As given, this file is wrong, and the referee proves it (racelab verify):
// The starter is page 1's racy counter: TSan reports the race in increment on every run (updates are
// lost on most runs too, but not on every one, so only the race is promised).
// must fail: race Counter.increment

import Foundation

final class Counter {
    private(set) var value = 0

    func increment() {
        value += 1
    }
}
