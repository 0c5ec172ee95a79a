// Exercise 4: make Counter thread-safe without changing how it is used. Eight tasks call increment()
// at the same time while another reads value; as given, updates are lost (lesson 4, page 1) and
// ThreadSanitizer reports the race. Keep increment() and value as they are called now.
// Check it with: swift run racelab exercise 4      Stuck? swift run racelab hint 4

import Foundation

final class Counter {
    private(set) var value = 0

    func increment() {
        value += 1
    }
}
