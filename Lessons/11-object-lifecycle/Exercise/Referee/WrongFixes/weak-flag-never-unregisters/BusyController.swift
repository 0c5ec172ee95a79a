// Exercise 11, a known wrong fix: a weak handler and a flag, but invalidate() never unregisters. The
// controller goes away, yet the subsystem keeps its handler forever, and calls it on every change.
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
        token = subsystem.register { [weak self] state in
            guard let self, !self.invalidated else { return }
            self.indicator.show(state == .busy)
        }
    }

    func invalidate() {
        invalidated = true
    }
}
