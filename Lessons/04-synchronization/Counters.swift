// The same counter, guarded five ways (and once not at all). Every page bumps one of these from eight
// tasks at once and reads the total at the end.
import Dispatch
import Foundation
import RaceLabKit
#if canImport(Synchronization)
    import Synchronization
#endif

protocol Counting: AnyObject, Sendable {
    func increment()
    var value: Int { get }
}

/// No synchronisation at all: `value += 1` is a read, an add and a write, and two threads can read
/// the same old value. Racy on purpose (page 1). Written out, with a moment between the read and the
/// write, as lesson 3's `Person` takes its time inside `changeName`: without it, on a machine whose
/// cores are busy, the tasks ran one after another and lost nothing in 10 of 10 runs (issue 22).
/// @unchecked Sendable: racy on purpose: page 1 loses updates, and TSan reports the broken promise.
final class RacyCounter: Counting, @unchecked Sendable {
    private(set) var value = 0
    func increment() {
        let old = value  // read: racy on purpose
        aMoment()
        value = old + 1  // add and write: racy on purpose
    }
}

/// The moment between a read and its write on pages 1 and 6: up to 1 lesson ms. Another task that
/// runs meanwhile, on another core or on this one, writes in between.
func aMoment() {
    randomDelay(upTo: 0.001)
}

/// Foundation's lock (the talk's "Foundation.Lock": NSLock in Swift's corelibs Foundation too).
/// @unchecked Sendable: `count` is read and written under `lock`.
final class LockedCounter: Counting, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

#if canImport(Synchronization)
    /// The Synchronization module's Mutex (Swift 6's standard library; usable in Swift 5 mode).
    final class MutexCounter: Counting, Sendable {
        private let count = Mutex(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }
#endif

/// The talk's "atomic property": a serial queue, the getter and the setter each inside `sync`.
/// Every single read and write is safe. `value += 1` on it is still two of them (page 6).
/// @unchecked Sendable: `internalState` is read and written only on the serial `queue`; `+= 1` is still two
/// steps (page 6).
final class AtomicPropertyCounter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "racelab.atomic-property")
    private var internalState = 0
    var value: Int {
        get { queue.sync { internalState } }
        set { queue.sync { internalState = newValue } }
    }
}

/// A serial queue: the whole increment is one block on it, sent with `async` (the caller does not
/// wait); the read waits with `sync`, so it comes after every increment sent before it.
/// @unchecked Sendable: `count` is read and written only on the serial `queue`.
final class SerialQueueCounter: Counting, @unchecked Sendable {
    private let queue = DispatchQueue(label: "racelab.counter")
    private var count = 0
    func increment() { queue.async { self.count += 1 } }
    var value: Int { queue.sync { count } }
}

/// A concurrent queue: reads run side by side with `sync`; each write is a barrier, alone on the
/// queue (lesson 3's ThreadSafePerson, for a counter).
/// @unchecked Sendable: `count` is written in barrier blocks on `queue`, read in `sync` blocks on it.
final class BarrierCounter: Counting, @unchecked Sendable {
    private let queue = DispatchQueue(label: "racelab.barrier-counter", qos: .userInitiated, attributes: .concurrent)
    private var count = 0
    func increment() { queue.async(flags: .barrier) { self.count += 1 } }
    var value: Int { queue.sync { count } }
}
