import Foundation
import Lesson12Support

// Exercise 12, a wrong fix from issue 53's fifth adversarial round (it passed 5 of 5): an actor that
// lets one add of an event ask at a time, but keeps the adds under way in one table for the whole
// app. Another controller's add of the same event waits for this one's catalog, however slow. The
// driver now has a second controller add an event while the slow catalog's add of it is out.
// must fail: output
// verdict leads with: FavoriteEventsController.swift:44 because "two controllers share nothing"

/// The events whose add is under way, in every controller, and the adds waiting for each.
private final class UnderWay: @unchecked Sendable {  // under `lock`
    private let lock = NSLock()
    private var waiting: [Event: [CheckedContinuation<Void, Never>]] = [:]

    /// Whether `event` was free: then it is this add's, until `release`; if not, `wait` is parked.
    func claim(_ event: Event, or wait: CheckedContinuation<Void, Never>) -> Bool {
        lock.withLock {
            guard waiting[event] != nil else {
                waiting[event] = []
                return true
            }
            waiting[event]!.append(wait)
            return false
        }
    }

    func release(_ event: Event) {
        for waiter in lock.withLock({ waiting.removeValue(forKey: event) ?? [] }) { waiter.resume() }
    }
}
private let underWay = UnderWay()

actor FavoriteEventsController: FavoriteEvents {
    private let catalog: Catalog
    private var storedEvents: [Event] = []

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    var events: [Event] { storedEvents }

    func add(_ event: Event) async {
        guard !storedEvents.contains(event) else { return }
        while true {
            var mine = false
            await withCheckedContinuation { wait in
                mine = underWay.claim(event, or: wait)
                if mine { wait.resume() }
            }
            if mine { break }
        }
        defer { underWay.release(event) }
        if !storedEvents.contains(event), await catalog.isBookable(event), !storedEvents.contains(event) {
            storedEvents.append(event)
        }
    }

    func remove(_ event: Event) {
        storedEvents.removeAll { $0 == event }
    }
}
