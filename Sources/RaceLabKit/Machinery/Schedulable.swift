import Foundation

/// One run of a program, as the explorer schedules it: threads (`ScheduleRun`) or tasks
/// (`TaskScheduleRun`), each numbered in the order it started.
protocol Schedulable: AnyObject {
    /// Those that may take a step now.
    var runnable: [Int] { get }
    var allFinished: Bool { get }
    /// What it means when some have not finished and none may take a step.
    var stuck: String { get }
    /// "thread" or "task".
    var noun: String { get }
    /// The outcome then ("deadlock"), or a problem when the explorer cannot tell.
    func stuckOutcome() throws -> String
    var names: [String] { get }
    var stepNames: [[String]] { get }
    var steps: [ScheduleStep] { get }
    /// Lets `index` take its next step: nil when it came back to a point or ended, else why it did not.
    func step(_ index: Int, limit: TimeInterval) -> String?
    /// Why `index` may not take a step now.
    func whyNot(_ index: Int) -> String
    /// What `index`'s next step touches (the partial-order reduction's footprint).
    func pendingFootprint(_ index: Int) -> Footprint
    /// The lock `index` waits to take, as the run knows it (not as a page said).
    func pendingLocks(_ index: Int) -> Footprint
    /// For each thread or task, the step of the run that started it (nil: the program did).
    var startedBy: [Int?] { get }
    /// Those that have not finished.
    var unfinished: [Int] { get }
    /// Once the outcome is read: plays out what is left waiting, where it can, so that nothing of the
    /// run is left behind.
    func drain(limit: TimeInterval)
}

extension Schedulable {
    /// "there is no thread C (threads: A, B)", or nil when `index` is one of them.
    func missing(_ index: Int) -> String? {
        let names = names
        guard index >= names.count else { return nil }
        let all = Explorer.letters(Array(names.indices)).map(String.init).joined(separator: ", ")
        return "there is no \(noun) \(Explorer.letters([index])) (\(noun)s: \(all))"
    }
}
