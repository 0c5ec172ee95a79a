// Exercise 11, a wrong fix from an adversarial round: invalidate() sets its flag and sends the
// unregister to a global queue: it returns still registered, and whether the subsystem has let go
// by the time anyone looks is luck (hint 1: invalidate() is where the subsystem is told).
// must fail: output
// verdict leads with: BusyController.swift:30 because "unregister in invalidate() itself, before it"

import Foundation
import RaceLabKit
import Lesson11Support

final class BusyController {
    let subsystem: DataTransform
    let indicator: BusyIndicator
    private var token = 0

    init(subsystem: DataTransform, indicator: BusyIndicator) {  // setup
        self.subsystem = subsystem
        self.indicator = indicator
    }

    private var invalidated = false

    func activate() {
        token = subsystem.register { state in
            guard !self.invalidated else { return }
            self.indicator.show(state == .busy)
        }
    }

    func invalidate() {
        invalidated = true
        let (subsystem, token) = (self.subsystem, self.token)
        DispatchQueue.global().async { subsystem.unregister(token) }
    }
}
