// Exercise 10, a known wrong fix: finished forgets the category's last operation whoever it is.
// When an older operation finishes, a newer last one is forgotten and the next waits for nothing:
// the order breaks in round 0, and alerts pile up on screen in round 1.
// must fail: output
// verdict leads with: AlertExclusivity.swift:15 because "the last alert still around"
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
        lock.lock()
        for category in categories {
            last[category] = nil
        }
        lock.unlock()
    }
}
