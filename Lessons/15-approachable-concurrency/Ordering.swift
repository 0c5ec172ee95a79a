// Page 4: orders Swift 6 promises. Tasks made with a closure explicitly isolated to one actor start on
// it in the order they were made (SE-0431; not an implicitly isolated `Task {}`, which Swift may start
// elsewhere), and `Task.immediate` runs its task at once, up to its first suspension (SE-0472, Swift 6.2).
import Foundation
import RaceLabKit

/// Eight tasks made one after another on the main actor, each writing its number down. Each closure
/// says `@MainActor in`: SE-0431 promises the order only to a closure explicitly isolated (a global
/// actor attribute or an `isolated` capture); a `Task { }` that only inherits the main actor may be
/// started elsewhere first ("Adoption in task-creation routines", swiftlang/swift-evolution,
/// proposals/0431-isolated-any-functions.md).
func mainActorTasksInOrder() async -> Bool {
    var log: [Int] = []
    var tasks: [Task<Void, Never>] = []
    for job in 1...8 { tasks.append(Task { @MainActor in log.append(job) }) }
    for task in tasks { await task.value }
    return log == Array(1...8)
}

/// Where detached tasks write their numbers: they run on the cooperative pool, in any order.
actor Log {
    private(set) var entries: [Int] = []
    func append(_ entry: Int) { entries.append(entry) }
}

/// The same eight, detached at mixed priorities, as lesson 13's page 6 starts them.
func detachedTasksInOrder() async -> Bool {
    let log = Log()
    var tasks: [Task<Void, Never>] = []
    for job in 1...8 {
        tasks.append(Task.detached(priority: job % 2 == 0 ? .high : .low) { await log.append(job) })
    }
    for task in tasks { await task.value }
    return await log.entries == Array(1...8)
}

/// A `Task.immediate` made on the main actor writes down "task" before its first suspension, and
/// its maker writes "maker" right after making it: true when the task's line came first. Nil on a Mac
/// before macOS 26, which has no `Task.immediate` (it is `@available(SwiftStdlib 6.2, *)`, macOS 26.0:
/// swiftlang/swift, stdlib/public/Concurrency/Task+immediate.swift.gyb); this package builds for
/// macOS 15. `RACELAB_WITHOUT_TASK_IMMEDIATE=1` takes that branch anywhere, so that it is checked here.
func immediateRunsFirst() async -> Bool? {
    guard #available(macOS 26, *), ProcessInfo.processInfo.environment["RACELAB_WITHOUT_TASK_IMMEDIATE"] != "1"
    else { return nil }
    var log: [String] = []
    let task = Task.immediate {
        log.append("task")
        await Task.yield()
        log.append("task, after its suspension")
    }
    log.append("maker")
    await task.value
    return log.first == "task"
}

/// The same with `Task { }`: the maker goes on first, and the task starts when the main actor is free.
func plainTaskRunsFirst() async -> Bool {
    var log: [String] = []
    let task = Task { log.append("task") }
    log.append("maker")
    await task.value
    return log.first == "task"
}
