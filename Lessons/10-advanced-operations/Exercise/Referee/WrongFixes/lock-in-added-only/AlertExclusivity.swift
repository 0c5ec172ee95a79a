// Exercise 10, a known wrong fix: added holds the lock, finished does not. Operations finish on
// one thread while another records new ones (TSan names finished's read of the dictionary). The
// dictionary, read while another thread resizes it, also crashes the run on most runs (16 of 20
// runs of its program alone, in _NativeDictionary.lookup), sometimes before TSan's reports can be read.
// must fail: race AlertExclusivity.finished or crash
// verdict leads with: AlertExclusivity.swift:19 or AlertExclusivity.swift:20 or AlertExclusivity.swift:26 or AlertExclusivity.swift:27 because "reads too, must go through the same lock"
import Foundation
import RaceLabKit
import Lesson10Support

// @unchecked Sendable: a promise this wrong fix breaks on purpose: `finished` reads `last` without the lock.
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
        for category in categories where last[category] === operation {
            last[category] = nil
        }
    }
}
