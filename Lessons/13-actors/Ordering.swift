// Page 6: tasks started one after another need not run in that order; what does give an order. Swift 6
// adds two more, not shown here: tasks isolated to one actor start in the order they were made
// (SE-0431), and `Task.immediate` runs its task at once (SE-0472, Swift 6.2).
import RaceLabKit

/// Where each way of running eight jobs writes them down, in the order they ran.
actor Log {
    private(set) var entries: [Int] = []
    func append(_ entry: Int) { entries.append(entry) }
    /// Two entries, with no `await` between them: nothing else runs on the actor in between.
    func appendTwice(_ entry: Int) {
        entries.append(entry)
        entries.append(entry)
    }
    func clear() { entries = [] }
}

let jobs = Array(1...8)

/// Eight unstructured tasks started one after another, each appending its number, at `priorities`
/// in turn; true when the log is in the order they were started.
func startedOneAfterAnother(_ log: Log, priorities: [TaskPriority]) async -> Bool {
    await log.clear()
    var tasks: [Task<Void, Never>] = []
    for job in jobs {
        tasks.append(Task.detached(priority: priorities[job % priorities.count]) { await log.append(job) })
    }
    for task in tasks { await task.value }
    return await log.entries == jobs
}

let samePriority: [TaskPriority] = [.medium]
let mixedPriorities: [TaskPriority] = [.low, .high]

/// The same eight, each awaited before the next starts.
func awaitedInTurn(_ log: Log) async -> Bool {
    await log.clear()
    for job in jobs { await Task.detached { await log.append(job) }.value }
    return await log.entries == jobs
}

/// Eight tasks at once, each calling the actor's `appendTwice`: true when every pair is side by side
/// (the actor runs one method at a time between suspension points), whatever order the pairs came in.
func pairsSideBySide(_ log: Log) async -> Bool {
    await log.clear()
    await withTaskGroup(of: Void.self) { group in
        for job in jobs { group.addTask { await log.appendTwice(job) } }
    }
    let entries = await log.entries
    return entries.count == 2 * jobs.count
        && stride(from: 0, to: entries.count, by: 2).allSatisfy { entries[$0] == entries[$0 + 1] }
}

/// The same eight numbers through an AsyncStream: one producer yields them, one consumer appends.
func throughAStream(_ log: Log) async -> Bool {
    await log.clear()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let consumer = Task.detached {
        for await job in stream { await log.append(job) }
    }
    for job in jobs { continuation.yield(job) }
    continuation.finish()
    await consumer.value
    return await log.entries == jobs
}

/// How many of `runs` runs of `way` kept the order.
func inOrder(_ runs: Int, _ way: @Sendable (Log) async -> Bool) async -> Int {
    let log = Log()
    var kept = 0
    for _ in 0..<runs where await way(log) { kept += 1 }
    return kept
}
