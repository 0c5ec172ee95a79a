import Foundation
import RaceLabKit
import Lesson11Support

// Exercise 11, a wrong fix from an adversarial round: the handler checks the flag, then hops to the
// main queue again to show: invalidate() can come in between, and the notification is shown after it.
// must fail: output
// verdict leads with: BusyController.swift:31 because "invalidating one controller must not silence another" or "drop them once invalidated"

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
        token = subsystem.register { [weak self] state in
            guard let self, !self.invalidated else { return }
            let indicator = self.indicator
            DispatchQueue.main.async {  // UI work: on the main queue
                indicator.show(state == .busy)
            }
        }
    }

    func invalidate() {
        dispatchPrecondition(condition: .onQueue(.main))
        invalidated = true
        subsystem.unregister(token)
    }

    deinit {
        precondition(invalidated, "BusyController deallocated without invalidate()")
    }
}
