import Foundation
import RaceLabKit
import Lesson10Support

// Exercise 10, a wrong fix from an adversarial round: check and change are under the lock, but the
// lock is taken once per category. Two operations of the same two categories, added at once with
// their categories named in either order, can each chain behind the other in one of them: a cycle,
// neither ever runs. TSan is rightly silent; round 0's two threads adding at the same moment show it.
// must fail: output
// verdict leads with: AlertExclusivity.swift:17 because "one critical section for all"

// @unchecked Sendable: `last` is read and written under `lock` (the fault is its logic, not a race).
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
