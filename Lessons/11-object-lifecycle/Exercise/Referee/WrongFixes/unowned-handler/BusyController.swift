import Foundation
import RaceLabKit
import Lesson11Support

// Exercise 11, a wrong fix from an adversarial round: the handler captures the controller unowned.
// A notification already on its way when the driver lets go (round 3) finds it deallocated: a crash.
// must fail: crash
// verdict leads with: BusyController.swift:24 or BusyController.swift:23 because "unowned reference"

final class BusyController {
    let subsystem: DataTransform
    let indicator: BusyIndicator
    private var token = 0
    private var invalidated = false  // main queue only

    init(subsystem: DataTransform, indicator: BusyIndicator) {  // setup
        self.subsystem = subsystem
        self.indicator = indicator
    }

    func activate() {
        // unowned: no retain cycle and no optional to unwrap; invalidate() unregisters before anyone lets go.
        token = subsystem.register { [unowned self] state in
            if self.invalidated { return }
            self.indicator.show(state == .busy)
        }
    }

    func invalidate() {
        dispatchPrecondition(condition: .onQueue(.main))
        invalidated = true
        subsystem.unregister(token)
    }
}
