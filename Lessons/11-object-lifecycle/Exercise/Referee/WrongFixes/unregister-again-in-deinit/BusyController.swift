// Exercise 11, a known wrong fix: the solution, plus an unregister in deinit "to be safe". When the
// subsystem lets go last (round 2), deinit runs on the subsystem's queue, and unregister syncs onto
// that same queue: libdispatch traps.
// must fail: crash
// verdict leads with: BusyController.swift:41 because "a sync onto the queue this code already runs on"
import Foundation
import RaceLabKit
import Lesson11Support

final class BusyController {
    let subsystem: DataTransform
    let indicator: BusyIndicator
    private var token = 0
    private var invalidated = false  // main queue only

    init(subsystem: DataTransform, indicator: BusyIndicator) {
        self.subsystem = subsystem
        self.indicator = indicator
    }

    func activate() {
        dispatchPrecondition(condition: .onQueue(.main))
        token = subsystem.register { [weak self] state in
            self?.handle(state)
        }
    }

    private func handle(_ state: DataTransform.State) {
        dispatchPrecondition(condition: .onQueue(.main))
        guard !invalidated else { return }  // a late notification: dropped
        indicator.show(state == .busy)
    }

    func invalidate() {
        dispatchPrecondition(condition: .onQueue(.main))
        invalidated = true
        subsystem.unregister(token)
    }

    deinit {
        subsystem.unregister(token)
    }
}
