// Exercise 4, a solution: one lock around every read and every write of the count. (A serial queue,
// async increments and a sync read, passes too; lesson 4, pages 4, 6 and 7.)
import Foundation

final class Counter {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}
