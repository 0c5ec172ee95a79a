// Exercise 11, a known wrong fix: invalidate() unregisters but does not remember it: a notification
// the subsystem sent before it was unregistered is still on its way to the main queue, and it
// reaches the controller after invalidate().
// must fail: output
// verdict leads with: BusyController.swift:26 because "drop them once invalidated"
import Foundation
import RaceLabKit
import Lesson11Support

final class BusyController {
    let subsystem: DataTransform
    let indicator: BusyIndicator
    private var token = 0

    init(subsystem: DataTransform, indicator: BusyIndicator) {
        self.subsystem = subsystem
        self.indicator = indicator
    }

    func activate() {
        token = subsystem.register { state in
            self.indicator.show(state == .busy)
        }
    }

    func invalidate() {
        subsystem.unregister(token)
    }
}
