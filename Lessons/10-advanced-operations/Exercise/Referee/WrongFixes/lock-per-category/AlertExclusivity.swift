import Foundation
import RaceLab
import Lesson10Support

// Exercise 10, a wrong fix from an adversarial round: added takes the lock once per category. Two
// operations of two categories added at once, the categories named in either order, can each end
// up waiting for the other: a cycle, and neither ever runs.
// must fail: output

final class AlertExclusivity: Exclusivity, @unchecked Sendable {
    private let lock = NSLock()
    private var last: [String: Operation] = [:]

    func added(_ operation: Operation, categories: [String]) {
        for category in categories {
            lock.lock()
            if let previous = last[category] {
                operation.addDependency(previous)
            }
            last[category] = operation
            lock.unlock()
        }
    }

    func finished(_ operation: Operation, categories: [String]) {
        for category in categories {
            lock.lock()
            if last[category] === operation {
                last[category] = nil
            }
            lock.unlock()
        }
    }
}
