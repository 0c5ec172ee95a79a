// Exercise 11, a known wrong fix: "Weak references, and I will say yes, you're right. However..."
// The handler holds the controller weakly and deinit unregisters; invalidate() does nothing. The
// late notification still reaches the live controller, and when the subsystem lets go last (round
// 2), deinit runs on the subsystem's queue and syncs onto it: libdispatch traps.
// must fail: output, crash
// verdict leads with: BusyController.swift:27 or BusyController.swift:30 because "unregister in invalidate() itself" or "waits for itself forever"
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
        token = subsystem.register { [weak self] state in
            self?.indicator.show(state == .busy)
        }
    }

    func invalidate() {}

    deinit {
        subsystem.unregister(token)
    }
}
