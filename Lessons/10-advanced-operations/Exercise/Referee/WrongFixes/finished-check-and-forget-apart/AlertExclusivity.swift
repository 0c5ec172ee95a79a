// Exercise 10, a wrong fix from an adversarial round: every access is locked, but `finished` checks
// "still the last?" and forgets in two critical sections. An alert added in between is forgotten,
// and the next one does not wait for it (hint 4).
// must fail: output

import Foundation
import RaceLab
import Lesson10Support

// finished: look (under the lock), then forget (under the lock).
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
