// Exercise 11, a solution: the talk's fix. invalidate() is explicit and on the main queue; it
// unregisters (the subsystem lets go of the controller) and remembers it did, so a notification
// already on its way is dropped; deinit only checks that invalidate() came first.
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
        precondition(invalidated, "BusyController deallocated without invalidate()")
    }
}
