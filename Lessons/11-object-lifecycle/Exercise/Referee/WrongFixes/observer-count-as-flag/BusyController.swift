// Exercise 11, a wrong fix from an adversarial round: a weak handler and an unregister in
// invalidate(), but no flag of its own: the handler asks the subsystem whether anyone is still
// registered, which stays true while another controller is (round 1's second controller), so the
// late 'idle' reaches the invalidated one.
// must fail: output
// verdict leads with: BusyController.swift:30 because "drop them once invalidated"
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
        token = subsystem.register { [weak self] state in
            guard let self else { return }
            // Unregistered (invalidated) means the subsystem has no observer left: drop it.
            guard self.subsystem.observerCount > 0 else { return }
            self.indicator.show(state == .busy)
        }
    }

    func invalidate() {
        subsystem.unregister(token)
    }
}
