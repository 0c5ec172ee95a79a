import Foundation
import RaceLabContract

/// How many pages the runner checks side by side unless told otherwise (`--jobs N`). A page is mostly
/// sleep at the check speed, so two cores carry more than two; measured with `scripts/bench check`
/// and `racelab stress` (docs/measurements.md).
public let defaultJobs = 3

/// Runs `tasks`, at most `jobs` at a time, each on a thread of its own (not a Dispatch worker: the
/// tasks block on child processes), and hands every result to `deliver` in the tasks' order, as soon
/// as it and all before it are done. So output stays in order however the runs overlap. The tasks in
/// `startingFirst` (known to be long) start before the others, so that they do not run alone at the end.
func runInOrder<Result>(
    _ tasks: [() -> Result], jobs: Int, startingFirst: Set<Int> = [], deliver: (Int, Result) -> Void
) {
    guard jobs > 1, tasks.count > 1 else {
        for (index, task) in tasks.enumerated() { deliver(index, task()) }
        return
    }
    let startOrder =
        tasks.indices.filter { startingFirst.contains($0) } + tasks.indices.filter { !startingFirst.contains($0) }
    let results = Locked<[Int: Result]>([:])
    let next = Locked(0)
    let finished = tasks.map { _ in DispatchSemaphore(value: 0) }
    for _ in 0..<min(jobs, tasks.count) {
        Thread.detachNewThread {
            while true {
                let position = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard position < startOrder.count else { return }
                let index = startOrder[position]
                let result = tasks[index]()
                results.withLock { $0[index] = result }
                finished[index].signal()
            }
        }
    }
    for index in tasks.indices {
        finished[index].wait()
        deliver(index, results.withLock { $0.removeValue(forKey: index)! })
    }
}
