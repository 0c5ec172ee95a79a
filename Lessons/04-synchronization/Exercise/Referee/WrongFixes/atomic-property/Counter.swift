// Exercise 4, a known wrong fix: the talk's atomic property (getter and setter each in sync on a
// serial queue), and increment() as value += 1 through it: a sync to read, a sync to write, and
// another task's write in between. No data race, so TSan is silent; updates are still lost.
// must fail: output
// verdict leads with: Counter.swift:18 because "updates lost"
import Foundation

final class Counter {
    private let queue = DispatchQueue(label: "counter")
    private var count = 0

    var value: Int {
        get { queue.sync { count } }
        set { queue.sync { count = newValue } }
    }

    func increment() {
        value += 1
    }
}
