// Exercise 4, a known wrong fix: the increment holds the lock, the read does not. Reads race with the
// increments' writes (TSan names increment's write; the read is the synthesized getter).
// must fail: race Counter.increment
// verdict leads with: Counter.swift:13 because "reads too, must go through the same lock"
import Foundation

final class Counter {
    private let lock = NSLock()
    private(set) var value = 0

    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }
}
