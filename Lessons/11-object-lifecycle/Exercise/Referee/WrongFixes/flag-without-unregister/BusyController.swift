// Exercise 11, a known wrong fix: invalidate() sets a flag that drops notifications, but never
// unregisters: the subsystem still holds the handler, and the handler holds the controller, which
// is therefore never deallocated (abandoned memory).
// must fail: output
// verdict leads with: BusyController.swift:27 because "unregister in invalidate() itself, before it"
import Foundation
import RaceLabKit
import Lesson11Support

final class BusyController {
    let subsystem: DataTransform
    let indicator: BusyIndicator
    private var token = 0
    private var invalidated = false

    init(subsystem: DataTransform, indicator: BusyIndicator) {
        self.subsystem = subsystem
        self.indicator = indicator
    }

    func activate() {
        token = subsystem.register { state in
            if !self.invalidated { self.indicator.show(state == .busy) }
        }
    }

    func invalidate() {
        invalidated = true
    }
}
