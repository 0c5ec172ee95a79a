// Exercise 10, a known wrong fix: one chain for every category. The alerts come one at a time, but
// the video waits for them too.
// must fail: output
// verdict leads with: AlertExclusivity.swift:21 because "every category keeps its own"
import Foundation
import RaceLabKit
import Lesson10Support

// @unchecked Sendable: `last` is read and written under `lock` (the fault is its logic, not a race).
final class AlertExclusivity: Exclusivity, @unchecked Sendable {
    private let lock = NSLock()
    private var last: [String: Operation] = [:]

    func added(_ operation: Operation, categories: [String]) {
        lock.lock()
        if let previous = last["all"] { operation.addDependency(previous) }
        last["all"] = operation
        lock.unlock()
    }

    func finished(_ operation: Operation, categories: [String]) {
        lock.lock()
        if last["all"] === operation { last["all"] = nil }
        lock.unlock()
    }
}
