import Dispatch
import Foundation

/// `DispatchQueue` for explored code (`ExploredCode`), as the explorer plays it on its own threads:
/// - a serial queue runs its blocks one at a time, in the order they came (a lock the explorer
///   knows): `sync` takes it, first runs the blocks sent before, then its own; `async` hands its
///   block to a new thread the explorer schedules, which takes it and runs what is waiting;
/// - a concurrent queue runs its plain blocks side by side, interleaved at their points, and each
///   barrier alone: a barrier waits for the blocks running, and no block starts while it waits or runs;
/// - a global queue runs each block on its own: `async` on a new thread, `sync` where it is called;
/// - the main queue is a serial queue of the run's own, empty when the run starts.
/// Every schedule played is one a real queue can make, but one: a plain `async` block on a concurrent
/// queue may start after a barrier sent later. Off the explorer's threads it is a `DispatchQueue`.
/// @unchecked Sendable: `waiting` and `running` are `Locked`; the rest are `let`s.
public final class ExplorableDispatchQueue: @unchecked Sendable {
    public typealias Attributes = DispatchQueue.Attributes
    public typealias AutoreleaseFrequency = DispatchQueue.AutoreleaseFrequency

    /// Dispatch's queue, for the calls made off the explorer's threads.
    let real: DispatchQueue
    private let label: String
    private let isGlobal: Bool
    private let isConcurrent: Bool
    /// Held to start a block (a concurrent queue's plain ones let go once started), and for the whole
    /// of a serial queue's block or a barrier.
    private let turn = ExplorableLock()
    /// Blocks sent with `async` that wait for the turn: a serial queue's, a concurrent queue's barriers.
    private let waiting = Locked<[() -> Void]>([])
    /// A concurrent queue's plain blocks running now, each holding a lock of its own until it ends.
    private let running = Locked<[ExplorableLock]>([])

    public init(
        label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [],
        autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil
    ) {
        real = DispatchQueue(label: label, qos: qos, attributes: attributes, autoreleaseFrequency: autoreleaseFrequency)
        self.label = label
        isGlobal = false
        isConcurrent = attributes.contains(.concurrent)
    }

    private init(global qos: DispatchQoS.QoSClass) {
        real = .global(qos: qos)
        label = "a global queue"
        isGlobal = true
        isConcurrent = true
    }

    /// The main queue: on a thread the explorer runs, a serial queue that each run makes afresh the
    /// first time its code asks (so every schedule starts with nothing on it); anywhere else, Dispatch's.
    public static var main: ExplorableDispatchQueue {
        guard let thread = ScheduledThread.current else { return realMain }
        return thread.run.shared("the main queue") { ExplorableDispatchQueue(label: "the main queue") }
    }

    /// Dispatch's main queue, for explored code off the explorer's threads.
    private static let realMain = ExplorableDispatchQueue(main: ())

    private init(main: Void) {
        real = .main
        label = "the main queue"
        isGlobal = false
        isConcurrent = false
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
        if isGlobal { return Interleaving.detachNewThread(named: "\(place) on a global queue", work) }
        // Its thread is named for the block; its first step waits for the block's turn on the queue.
        let turnLabel = "its turn on \(label)"
        if isConcurrent && !flags.contains(.barrier) {
            return Interleaving.detachNewThread(named: "\(place) on \(label)") {
                self.runBesideOthers(label: turnLabel, work)
            }
        }
        waiting.withLock { $0.append(work) }
        Interleaving.detachNewThread(named: "\(place) on \(label)") {
            self.turn.lock(label: turnLabel)
            self.runWaiting()
            self.turn.unlock()
        }
    }

    /// `async(group:)` with an explorable group: the group counts the block from now until it ends.
    public func async(
        group: ExplorableDispatchGroup, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        file: StaticString = #fileID, line: UInt = #line, execute work: @escaping @Sendable () -> Void
    ) {
        group.enter()
        async(qos: qos, flags: flags, file: file, line: line) {
            work()
            group.leave(file: file, line: line)
        }
    }

    public func sync<T>(
        flags: DispatchWorkItemFlags = [], file: StaticString = #fileID, line: UInt = #line,
        execute work: () throws -> T
    ) rethrows -> T {
        try sync(flags: flags, label: ExploredCode.label("sync", file, line), execute: work)
    }

    /// `sync` for a scenario's own code, whose step names the queue, not a line of the scenario's file:
    /// "runs to its turn on the main queue".
    public func syncInTurn<T>(execute work: () throws -> T) rethrows -> T {
        try sync(flags: [], label: "its turn on \(label)", execute: work)
    }

    private func sync<T>(flags: DispatchWorkItemFlags, label: String, execute work: () throws -> T) rethrows -> T {
        guard ScheduledThread.current != nil else { return try real.sync(flags: flags, execute: work) }
        if isGlobal { return try work() }
        if isConcurrent && !flags.contains(.barrier) { return try runBesideOthers(label: label, work) }
        turn.lock(label: label)
        defer { turn.unlock() }
        runWaiting()
        waitForRunning()
        return try work()
    }

    /// A concurrent queue's plain block: it starts once no barrier waits or runs, then runs beside others.
    private func runBesideOthers<T>(label: String, _ work: () throws -> T) rethrows -> T {
        let mine = ExplorableLock()
        turn.lock(label: label)
        runWaiting()
        mine.takeFresh()
        running.withLock { $0.append(mine) }
        turn.unlock()
        defer {
            running.withLock { $0.removeAll { $0 === mine } }
            mine.unlock()
        }
        return try work()
    }

    /// The blocks sent with `async` and not yet run, in the order they came; each barrier of a
    /// concurrent queue after the plain blocks running have ended. Called holding the turn.
    private func runWaiting() {
        while let next = waiting.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            waitForRunning()
            next()
        }
    }

    /// Waits for a concurrent queue's plain blocks that are running to end (holding the turn, so no
    /// other starts meanwhile).
    private func waitForRunning() {
        for block in running.current {
            block.lock(label: "waits for the blocks running")
            block.unlock()
        }
    }
}
