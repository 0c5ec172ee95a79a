// Exercise 10, a wrong fix: every access is locked, but `finished` checks "is it still the last?"
// in one critical section and forgets it in another. An operation added in between is forgotten
// instead: the next alert does not wait for it. TSan is rightly silent; round 0's alerts dismissed
// as they appear, with the next added at the same moment, show it.
// must fail: output
// verdict leads with: AlertExclusivity.swift:26 because "finished must check and forget"

import Foundation
import RaceLabKit
import Lesson10Support

// @unchecked Sendable: `last` is read and written under `lock` (the fault is its logic, not a race).
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
        for category in categories {
            lock.lock()
            let stillLast = last[category] === operation
            lock.unlock()
            if stillLast {
                lock.lock()
                last[category] = nil
                lock.unlock()
            }
        }
    }
}
