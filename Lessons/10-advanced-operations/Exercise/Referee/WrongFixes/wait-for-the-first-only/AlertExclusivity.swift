// Exercise 10, a known wrong fix: every alert waits for the first of its category, not for the one
// before: after the first, the rest are on screen together.
// must fail: output
// verdict leads with: AlertExclusivity.swift:14 because "the last alert still around"
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
            if let first = last[category] {
                operation.addDependency(first)
            } else {
                last[category] = operation
            }
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
