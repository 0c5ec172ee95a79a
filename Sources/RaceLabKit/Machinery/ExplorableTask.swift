/// Swift's `Task`, for code built for exploration (`racelab explore`, which compiles `typealias Task`
/// beside the attendee's file): the same task, made the same way, except that a task that waited for
/// its `value` (or `result`) stops at a point once the value is there, before it goes on. The runtime
/// resumes every task waiting for one that ends in one go, and a default actor runs their jobs one
/// after another with no point between; on a machine another call can come in between any two of
/// them (a waiter resumed late, after a new request), so here each waiter's resumption is a point of
/// its own. Outside an exploration the point is nothing (`Interleaving.suspend`).
public struct ExplorableTask<Success: Sendable, Failure: Error>: Sendable, Hashable {
    /// The task itself.
    public let base: Task<Success, Failure>
    /// Where it was made, for the point's label: "the task at ImageCache.swift:19".
    let made: String

    init(_ base: Task<Success, Failure>, _ file: StaticString, _ line: UInt) {
        self.base = base
        made = ExploredCode.label("the task made", file, line)
    }

    public func cancel() { base.cancel() }
    public var isCancelled: Bool { base.isCancelled }

    /// The point a waiter stops at once the value is there, if it waited for it (it was woken in the
    /// step of another task): one that finds the task already ended goes on, as the runtime lets it.
    func resumed() async {
        await Interleaving.suspendIfWoken(ExplorableTaskPoints.labelStart + made)
    }
}

extension ExplorableTask where Failure == Never {
    public init(
        priority: TaskPriority? = nil, file: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext @_implicitSelfCapture operation: sending @escaping @isolated(any) () async -> Success
    ) {
        self.init(Task(priority: priority, operation: operation), file, line)
    }

    /// A detached task carries none of its maker's task-locals, so it is given the run's, to be one of
    /// its tasks (its jobs are the run's already: `ExplorerGlobalJobs`). Outside an exploration there is
    /// none to give.
    public static func detached(
        priority: TaskPriority? = nil, file: StaticString = #fileID, line: UInt = #line,
        operation: sending @escaping @isolated(any) () async -> Success
    ) -> ExplorableTask {
        let run = TaskScheduleRun.current
        return ExplorableTask(
            Task.detached(priority: priority) { await TaskScheduleRun.$current.withValue(run) { await operation() } },
            file, line)
    }

    public var value: Success {
        get async {
            let value = await base.value
            await resumed()
            return value
        }
    }

    public var result: Result<Success, Never> {
        get async {
            let result = await base.result
            await resumed()
            return result
        }
    }
}

extension ExplorableTask where Failure == any Error {
    public init(
        priority: TaskPriority? = nil, file: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext @_implicitSelfCapture operation:
            sending @escaping @isolated(any) () async throws
            -> Success
    ) {
        self.init(Task(priority: priority, operation: operation), file, line)
    }

    /// As the non-throwing `detached`: given the run's task-locals.
    public static func detached(
        priority: TaskPriority? = nil, file: StaticString = #fileID, line: UInt = #line,
        operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> ExplorableTask {
        let run = TaskScheduleRun.current
        return ExplorableTask(
            Task.detached(priority: priority) {
                try await TaskScheduleRun.$current.withValue(run) { try await operation() }
            }, file, line)
    }

    public var value: Success {
        get async throws {
            let result = await base.result
            await resumed()
            return try result.get()
        }
    }

    public var result: Result<Success, any Error> {
        get async {
            let result = await base.result
            await resumed()
            return result
        }
    }
}

/// What code calls on `Task` itself (`Task.isCancelled`, `Task.sleep`, …), passed on to Swift's.
extension ExplorableTask where Success == Never, Failure == Never {
    public static var isCancelled: Bool { Task<Never, Never>.isCancelled }
    public static var currentPriority: TaskPriority { Task<Never, Never>.currentPriority }
    public static func checkCancellation() throws { try Task<Never, Never>.checkCancellation() }
    public static func yield() async { await Task<Never, Never>.yield() }
    public static func sleep(nanoseconds: UInt64) async throws {
        try await Task<Never, Never>.sleep(nanoseconds: nanoseconds)
    }
    public static func sleep(for duration: Duration) async throws { try await Task<Never, Never>.sleep(for: duration) }
    public static func sleep<C: Clock>(
        until deadline: C.Instant, tolerance: C.Instant.Duration? = nil, clock: C = .continuous
    ) async throws {
        try await Task<Never, Never>.sleep(until: deadline, tolerance: tolerance, clock: clock)
    }
}

/// `ExplorableTask`'s points, played where the explorer says (`Explorer.taskWakePoints`).
enum ExplorableTaskPoints {
    /// How each such point's label begins: "the end of its wait for the task made at X.swift:19".
    static let labelStart = "the end of its wait for "
}
