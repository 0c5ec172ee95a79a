// The talk's BusyController three times: unregistering in deinit (pages 1-2), the same with a weak
// registration (page 3), and the fix: an explicit invalidate() (page 4).
import Foundation
import RaceLabKit
import Lesson11Support

/// Setup in init, activation in activate(), and "just deinit, and [un]register it from the subsystem,
/// and hope for the best". The handler captures self: the subsystem now holds the controller.
final class DeinitBusyController {
    let name: String
    let subsystem: DataTransform
    private var token = 0

    init(_ name: String, subsystem: DataTransform) {  // setup
        self.name = name
        self.subsystem = subsystem
    }

    func activate() {
        token = subsystem.register { state in self.show(state) }
    }

    func show(_ state: DataTransform.State) {
        say("\(name): busy indicator \(state == .busy ? "on" : "off")")
    }

    deinit {
        say("\(name): deinit, unregistering")
        subsystem.unregister(token)
    }
}

/// The "weak references" fix: the handler holds the controller weakly, so the subsystem no longer
/// keeps it alive. deinit still unregisters, and deinit runs wherever the last reference goes.
final class WeakBusyController {
    let name: String
    let subsystem: DataTransform
    private var token = 0

    init(_ name: String, subsystem: DataTransform) {
        self.name = name
        self.subsystem = subsystem
    }

    func activate() {
        token = subsystem.register { [weak self] state in self?.show(state) }
    }

    func show(_ state: DataTransform.State) {
        say("\(name): busy indicator \(state == .busy ? "on" : "off")")
    }

    deinit {
        note("\(name): deinit on \(whereRunning(subsystem)), unregistering: sync onto racelab.data-transform")
        subsystem.unregister(token)
        note("\(name): unregistered")
    }
}

/// The talk's fix: invalidation is an explicit call on the main queue, tracked as state; late
/// notifications are dropped; deinit only checks that invalidate() came first. The handler holds the
/// controller weakly, so a controller dropped without invalidate() reaches that check instead of
/// living on in the subsystem.
final class BusyController {
    let name: String
    let subsystem: DataTransform
    private var token = 0
    private var invalidated = false  // touched on the main queue only

    init(_ name: String, subsystem: DataTransform) {
        self.name = name
        self.subsystem = subsystem
    }

    func activate() {
        dispatchPrecondition(condition: .onQueue(.main))
        token = subsystem.register { [weak self] state in self?.handle(state) }
    }

    private func handle(_ state: DataTransform.State) {
        dispatchPrecondition(condition: .onQueue(.main))
        if invalidated {
            say("\(name): late notification '\(state.rawValue)' dropped: already invalidated")
            return
        }
        say("\(name): busy indicator \(state == .busy ? "on" : "off")")
    }

    func invalidate() {
        dispatchPrecondition(condition: .onQueue(.main))
        invalidated = true
        subsystem.unregister(token)
        say("\(name): invalidated and unregistered")
    }

    deinit {
        precondition(invalidated, "\(name) deallocated without invalidate()")
        note("\(name): deinit on \(whereRunning(subsystem))")
    }
}

/// Where the caller runs: the subsystem's queue, the main queue, or elsewhere.
func whereRunning(_ subsystem: DataTransform) -> String {
    if subsystem.isCurrentQueue { return "racelab.data-transform" }
    return isOnMainQueue ? "the main queue" : "another thread"
}
