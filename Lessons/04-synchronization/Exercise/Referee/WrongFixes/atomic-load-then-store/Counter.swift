// Exercise 4, a known wrong fix: every read and every write of the count is atomic (RaceLab's
// RelaxedWord stands in for Synchronization's Atomic), so ThreadSanitizer is silent; but the increment
// is still a load and then a store, and two threads can store the same new value: updates are lost.
// must fail: output
import Foundation
import RaceLab

final class Counter {
    private let count = RelaxedWord()

    var value: Int { Int(count.value) }

    func increment() {
        count.value = count.value + 1
    }
}
