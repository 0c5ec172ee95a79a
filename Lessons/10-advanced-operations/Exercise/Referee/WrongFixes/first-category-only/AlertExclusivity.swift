// Exercise 10, a known wrong fix: only an operation's first category counts. The video alert (alert
// first, then video) waits for the last alert but not for the last video: two videos on screen.
// must fail: output
// verdict leads with: AlertExclusivity.swift:14 because "an operation waits for the"
import Foundation
import RaceLabKit
import Lesson10Support

// @unchecked Sendable: `last` is read and written under `lock` (the fault is its logic, not a race).
final class AlertExclusivity: Exclusivity, @unchecked Sendable {
    private let lock = NSLock()
    private var last: [String: Operation] = [:]

    func added(_ operation: Operation, categories: [String]) {
        lock.lock()
        if let category = categories.first {
            if let previous = last[category] { operation.addDependency(previous) }
            last[category] = operation
        }
        lock.unlock()
    }

    func finished(_ operation: Operation, categories: [String]) {
        lock.lock()
        if let category = categories.first, last[category] === operation {
            last[category] = nil
        }
        lock.unlock()
    }
}
