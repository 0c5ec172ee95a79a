// Exercise 11, a wrong fix from an adversarial round: it unregisters in invalidate(), then drops
// notifications for half a second. A late one that arrives after that still reaches it (hint 2).
// must fail: output
// verdict leads with: BusyController.swift:29 because "drop them once invalidated"

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

    private var quietUntil: DispatchTime?

    func activate() {
        token = subsystem.register { state in
            if let until = self.quietUntil, DispatchTime.now() < until { return }
            self.indicator.show(state == .busy)
        }
    }

    func invalidate() {
        subsystem.unregister(token)
        quietUntil = .now() + 0.5
    }
}
