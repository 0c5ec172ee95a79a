import Dispatch
import Foundation

/// `DispatchQueue` for explored code (`ExploredCode`), as the explorer plays it on its own threads:
/// - a queue made with a label runs its blocks one at a time, in the order they came (a lock the
///   explorer knows): `sync` takes it, first runs the blocks sent before, then its own; `async` hands
///   its block to a new thread the explorer schedules, which takes it and runs what is waiting.
///   A concurrent queue's blocks are played one at a time too, as its barriers are: blocks that
///   overlap on it are ThreadSanitizer's to find, not the explorer's;
/// - a global queue runs each block on its own: `async` on a new thread, `sync` where it is called.
/// Every schedule played is one a real queue can make. Off the explorer's threads it is a `DispatchQueue`.
/// @unchecked Sendable: `waiting` is `Locked`; the rest are `let`s.
public final class ExplorableDispatchQueue: @unchecked Sendable {
    public typealias Attributes = DispatchQueue.Attributes
    public typealias AutoreleaseFrequency = DispatchQueue.AutoreleaseFrequency

    private let real: DispatchQueue
    private let label: String
    private let isGlobal: Bool
    private let turn = ExplorableLock()
    private let waiting = Locked<[() -> Void]>([])

    public init(
        label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [],
        autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil
    ) {
        real = DispatchQueue(label: label, qos: qos, attributes: attributes, autoreleaseFrequency: autoreleaseFrequency)
        self.label = label
        isGlobal = false
    }

    private init(global qos: DispatchQoS.QoSClass) {
        real = .global(qos: qos)
        label = "a global queue"
        isGlobal = true
    }

    public static func global(qos: DispatchQoS.QoSClass = .default) -> ExplorableDispatchQueue {
        ExplorableDispatchQueue(global: qos)
    }

    public func async(
        group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        file: StaticString = #fileID, line: UInt = #line, execute work: @escaping @Sendable () -> Void
    ) {
        guard ScheduledThread.current != nil else {
            return real.async(group: group, qos: qos, flags: flags, execute: work)
        }
        let place = ExploredCode.label("block", file, line)
        if isGlobal { return Interleaving.detachNewThread(named: "\(place) (global queue)", work) }
        waiting.withLock { $0.append(work) }
        Interleaving.detachNewThread(named: "\(place) (\(label))") {
            self.turn.lock(label: "\(place) starts")
            self.runWaiting()
            self.turn.unlock()
        }
    }

    public func sync<T>(
        flags: DispatchWorkItemFlags = [], file: StaticString = #fileID, line: UInt = #line,
        execute work: () throws -> T
    ) rethrows -> T {
        guard ScheduledThread.current != nil else { return try real.sync(flags: flags, execute: work) }
        if isGlobal { return try work() }
        turn.lock(label: ExploredCode.label("sync", file, line))
        defer { turn.unlock() }
        runWaiting()
        return try work()
    }

    /// The blocks sent with `async` and not yet run, in the order they came.
    private func runWaiting() {
        while let next = waiting.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { next() }
    }
}
