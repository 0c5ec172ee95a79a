// Exercise 10, a known wrong fix: the chaining is right, but the dictionary has no lock. Three
// threads add alerts at once: TSan names the dictionary's accesses in added, or the dictionary,
// written by two threads at once, corrupts itself and the program crashes (sometimes before a report).
// must fail: race AlertExclusivity.added or crash
// verdict leads with: AlertExclusivity.swift:16 or AlertExclusivity.swift:17 or AlertExclusivity.swift:22 or AlertExclusivity.swift:23 because "reads too, must go through the same lock"
import Foundation
import RaceLabKit
import Lesson10Support

// @unchecked Sendable: a promise this wrong fix breaks on purpose: `last` has no lock.
final class AlertExclusivity: Exclusivity, @unchecked Sendable {
    private var last: [String: Operation] = [:]

    func added(_ operation: Operation, categories: [String]) {
        for category in categories {
            if let previous = last[category] { operation.addDependency(previous) }
            last[category] = operation
        }
    }

    func finished(_ operation: Operation, categories: [String]) {
        for category in categories where last[category] === operation {
            last[category] = nil
        }
    }
}
