import Foundation
import RaceLabKit
import Lesson10Support

// Exercise 10, a wrong fix from an adversarial round: each access to the dictionary is locked, but
// the check (which operation was the last of the category) and the act (this one is the last now) are
// two critical sections, with addDependency between them. Two operations added at once both read the
// same last one and do not wait for each other. TSan is rightly silent; the bursts of round 0 show it.
// must fail: output
// verdict leads with: AlertExclusivity.swift:17 because "each must wait for the"

// @unchecked Sendable: `last` is read and written under `lock` (the fault is its logic, not a race).
final class AlertExclusivity: Exclusivity, @unchecked Sendable {
    private let lock = NSLock()
    private var last: [String: Operation] = [:]

    func added(_ operation: Operation, categories: [String]) {
        for category in categories {
            lock.lock()
            let previous = last[category]
            lock.unlock()
            if let previous { operation.addDependency(previous) }
            lock.lock()
            last[category] = operation
            lock.unlock()
        }
    }

    func finished(_ operation: Operation, categories: [String]) {
        lock.lock()
        for category in categories where last[category] === operation {
            last[category] = nil
        }
        lock.unlock()
    }
}
