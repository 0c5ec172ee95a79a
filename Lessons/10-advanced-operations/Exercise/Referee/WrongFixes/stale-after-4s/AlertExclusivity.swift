import Foundation
import RaceLabKit
import Lesson10Support

// Exercise 10, a wrong fix from an adversarial round (issue 40; a threshold longer than the run passed
// 1 of 3 runs): `stale-after-2s` with a threshold of 4 s, longer than the rounds take. An alert still
// around is the last of its category however long ago it came: the long-lived alert, followed 5 s or
// more later, shows it on every run. (A threshold longer than 5 s cannot be told from a right answer:
// README.)
// must fail: output
// verdict leads with: AlertExclusivity.swift:18 because "an alert still around is"

// @unchecked Sendable: `last` is read and written under `lock` (the fault is its logic, not a race).
final class AlertExclusivity: Exclusivity, @unchecked Sendable {
    private let lock = NSLock()
    private var last: [String: (operation: Operation, added: Date)] = [:]  // under lock

    func added(_ operation: Operation, categories: [String]) {
        let now = Date()
        lock.lock()
        defer { lock.unlock() }
        for category in categories {
            if let previous = last[category], now.timeIntervalSince(previous.added) < 4 {
                operation.addDependency(previous.operation)
            }
            last[category] = (operation, now)
        }
    }

    func finished(_ operation: Operation, categories: [String]) {
        lock.lock()
        defer { lock.unlock() }
        for category in categories where last[category]?.operation === operation {
            last[category] = nil
        }
    }
}
