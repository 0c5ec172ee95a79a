// Exercise 10, a solution: a dictionary of the last operation of each category, under a lock. `added`
// makes the new operation depend on the last of each of its categories and records it, in one
// critical section; `finished` forgets an operation only while it is still the last, checked and
// changed in one critical section.

import Foundation
import RaceLabKit
import Lesson10Support

// @unchecked Sendable: `last` is read and written under `lock`.
final class AlertExclusivity: Exclusivity, @unchecked Sendable {
    private let lock = NSLock()
    private var last: [String: Operation] = [:]

    func added(_ operation: Operation, categories: [String]) {
        lock.lock()
        for category in categories {
            if let previous = last[category] { operation.addDependency(previous) }
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
