// Exercise 11: the talk's BusyController, as first written: it registers with the subsystem in
// activate() and "just deinit, and [un]register it from the subsystem, and hope for the best". The driver
// calls invalidate() and lets the controller go, twice (lesson 11, pages 2 to 4). As given, a
// notification still reaches the controller after invalidate(), and it is never deallocated.
// Make invalidate() the real third step: it unregisters, before it returns, and from then on no
// notification reaches the controller, however late it arrives; once let go, the controller is
// deallocated, whoever lets go last. Keep init, activate() and invalidate() as they are called.
// Check it with: swift run racelab exercise 11      Stuck? swift run racelab hint 11

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

    func activate() {
        token = subsystem.register { state in
            self.indicator.show(state == .busy)
        }
    }

    func invalidate() {
        // TODO: the third step of the lifecycle.
    }

    deinit {
        subsystem.unregister(token)
    }
}
