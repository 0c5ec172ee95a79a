import Foundation
import RaceLabKit
import Lesson10Support

// Exercise 10, a wrong fix from an adversarial round: the chain is kept under one lock, but a new
// operation skips waiting for the last of its category when that one was added more than 2 s ago
// ("nobody keeps an alert on screen that long: it is surely dismissed"). An alert still around is the
// last of its category however long ago it came: the long-lived alert, followed 2.5 s or more later,
// shows it. (A threshold longer than the run cannot be told from a right answer: README.)
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
            if let previous = last[category], now.timeIntervalSince(previous.added) < 2 {
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
