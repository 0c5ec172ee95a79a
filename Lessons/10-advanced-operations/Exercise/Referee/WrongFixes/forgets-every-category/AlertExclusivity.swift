import Foundation
import RaceLabKit
import Lesson10Support

// Exercise 10, a wrong fix from an adversarial round: when an operation finishes while it is still
// the last of any of its categories, finished forgets it in all of them, and with it a newer video
// recorded since: the next video does not wait for that one (hint 4).
// must fail: output
// verdict leads with: AlertExclusivity.swift:27 because "forget an operation only in"

// @unchecked Sendable: `last` is read and written under `lock` (the fault is its logic, not a race).
final class AlertExclusivity: Exclusivity, @unchecked Sendable {
    private let lock = NSLock()
    private var last: [String: Operation] = [:]

    func added(_ operation: Operation, categories: [String]) {
        lock.lock()
        defer { lock.unlock() }
        for category in categories {
            if let previous = last[category] {
                operation.addDependency(previous)
            }
            last[category] = operation
        }
    }

    func finished(_ operation: Operation, categories: [String]) {
        lock.lock()
        defer { lock.unlock() }
        // Still the newest of its kind: nothing waits for it any more.
        if categories.contains(where: { last[$0] === operation }) {
            for category in categories {
                last[category] = nil
            }
        }
    }
}
