// Exercise 4, a known wrong fix: increments go to a serial queue, but value reads the count directly,
// without waiting on that queue: the read races with the queue's writes (and comes before the
// increments still waiting in the queue).
// must fail: race Counter.value.getter
// verdict leads with: Counter.swift:12 or Counter.swift:15 because "reads too, must go through the same lock"
import Foundation

final class Counter {
    private let queue = DispatchQueue(label: "counter")
    private var count = 0

    var value: Int { count }

    func increment() {
        queue.async { self.count += 1 }
    }
}
