// Exercise 10, a known wrong fix: finished forgets the category's last operation whoever it is.
// When X finishes, Y is forgotten, and Z, added while Y is on screen, waits for nothing.
// must fail: output
import Foundation
import RaceLab

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
