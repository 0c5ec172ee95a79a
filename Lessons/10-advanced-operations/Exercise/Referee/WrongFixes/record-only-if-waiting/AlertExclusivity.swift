// Exercise 10, a wrong fix from an adversarial round: it skips waiting for a previous operation
// that has already finished (fine), but then does not record the new one as the last either (it
// records only when it waited, or when the category was empty). The toolkit reports an operation
// finished a moment after it has: an alert added in that moment is forgotten, and the next alert
// plays beside it.
// must fail: output
// verdict leads with: AlertExclusivity.swift:18 because "record every new operation as"

import Foundation
import RaceLabKit
import Lesson10Support

// @unchecked Sendable: `last` is read and written under `lock` (the fault is its logic, not a race).
final class AlertExclusivity: Exclusivity, @unchecked Sendable {
    private let lock = NSLock()
    private var last: [String: Operation] = [:]  // under lock

    func added(_ operation: Operation, categories: [String]) {
        lock.lock()
        defer { lock.unlock() }
        for category in categories {
            if let previous = last[category] {
                if !previous.isFinished {
                    operation.addDependency(previous)
                    last[category] = operation
                }
                // a finished previous: nothing to wait for
            } else {
                last[category] = operation
            }
        }
    }

    func finished(_ operation: Operation, categories: [String]) {
        lock.lock()
        defer { lock.unlock() }
        for category in categories where last[category] === operation {
            last[category] = nil
        }
    }
}
