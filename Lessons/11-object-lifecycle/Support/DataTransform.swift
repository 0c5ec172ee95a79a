import Foundation
import RaceLabKit

/// The WWDC 2016 talk's "data transform subsystem" (lesson 11 and exercise 11): it works on its own
/// serial queue and tells its observers when it becomes busy and idle again, on the main queue.
/// Observers register a handler; whatever the handler captures, the subsystem holds (a handler
/// that captures a controller strongly keeps it alive).
/// @unchecked Sendable: its vars are touched only on `queue`.
public final class DataTransform: @unchecked Sendable {
    public enum State: String, Sendable {
        case busy, idle
    }

    /// Everything below is touched only on this queue.
    public let queue = DispatchQueue(label: "racelab.data-transform")
    private var handlers: [Int: (State) -> Void] = [:]
    private var passengers: [AnyObject] = []
    private var nextToken = 1

    private static let queueKey = DispatchSpecificKey<ObjectIdentifier>()

    public init() {
        queue.setSpecific(key: Self.queueKey, value: ObjectIdentifier(self))
    }

    /// Whether the caller runs on this subsystem's queue.
    public var isCurrentQueue: Bool { DispatchQueue.getSpecific(key: Self.queueKey) == ObjectIdentifier(self) }

    /// Registers `handler` for state changes (delivered on the main queue); returns the token to
    /// unregister with. Waits on the subsystem's queue: never call it from there.
    public func register(_ handler: @escaping (State) -> Void) -> Int {
        queue.sync {
            let token = nextToken
            nextToken += 1
            handlers[token] = handler
            return token
        }
    }

    /// Forgets the handler: the subsystem lets go of whatever it captured. Waits on the subsystem's
    /// queue, as the talk's subsystem does: called from that queue, it can never return.
    public func unregister(_ token: Int) {
        if invalidating.value == 1 && !isOnMainQueue {
            // From another thread while invalidate() runs: it counts only if invalidate() is still
            // waiting for it when it is done. It is held until invalidate() has returned, or 0.2 s of
            // real time: an unregister sent off without waiting is then always done after
            // invalidate() returned, never by luck before; one that invalidate() waits for, within.
            let since = DispatchTime.now().uptimeNanoseconds
            while invalidating.value == 1 && DispatchTime.now().uptimeNanoseconds - since < 200_000_000 {
                Thread.sleep(forTimeInterval: 0.001)
            }
        }
        queue.sync { _ = handlers.removeValue(forKey: token) }
        if invalidating.value == 1 { unregisteredWhileInvalidating.value = 1 }
    }

    /// Set by exercise 11's driver while it calls the controller's `invalidate()` (on the main queue):
    /// an `unregister` made then, on the main queue or on a thread that invalidate() waits for, is
    /// recorded. So the driver knows that invalidate() itself unregistered, not work it sent elsewhere
    /// that may or may not have run by the time it looks.
    let invalidating = RelaxedWord()
    let unregisteredWhileInvalidating = RelaxedWord()

    /// How many handlers are registered.
    public var observerCount: Int { queue.sync { handlers.count } }

    /// Works `seconds` (lesson seconds) on the subsystem's queue: busy when it starts, idle when it ends.
    /// With `idleAfter`, it ends no sooner than that semaphore is signalled (a page that needs 'idle'
    /// posted while the main queue is busy says when it is).
    public func work(_ seconds: Double, idleAfter gate: DispatchSemaphore? = nil) {
        queue.async {
            self.post(.busy)
            sleep(lessonSeconds: seconds)
            gate?.wait()
            self.post(.idle)
        }
    }

    /// Holds `passenger` (the talk's "octopus") until `letGo()`: the subsystem keeps a reference of its
    /// own, as a data structure of the subsystem would.
    public func hold(_ passenger: AnyObject) {
        queue.async { self.passengers.append(passenger) }
    }

    /// Lets go of everything `hold` kept, on the subsystem's queue, after everything sent to that queue
    /// before: if it held the last reference to something, that something is deallocated there.
    public func letGo() {
        queue.async { self.passengers.removeAll() }
    }

    /// On the subsystem's queue: every handler gets `state` on the main queue, a little later.
    private func post(_ state: State) {
        dispatchPrecondition(condition: .onQueue(queue))
        for handler in handlers.values {
            DispatchQueue.main.async { handler(state) }
        }
    }
}
