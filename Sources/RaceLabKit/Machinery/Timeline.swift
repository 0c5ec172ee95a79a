import Foundation

/// Records when named pieces of work ran and on which thread, and draws them as bars on a shared
/// time axis: one row per piece of work, readable at a glance.
/// @unchecked Sendable: its entries and threads are `Locked`.
public final class Timeline: @unchecked Sendable {
    public struct Entry: Sendable {
        public let name: String
        public let start: Double
        public let end: Double
        public let thread: Int
    }

    private let entries = Locked<[Entry]>([])
    private let threads = Locked<[String: Int]>([:])
    private let clock: @Sendable () -> Double

    /// `clock`: the times recorded, lesson seconds unless a page measures in real ones.
    public init(clock: @escaping @Sendable () -> Double = { LessonClock.shared.now }) {
        self.clock = clock
    }

    /// A small number for the calling thread, in order of first appearance: 1, 2, 3…
    public func threadNumber() -> Int {
        let key = "\(pthread_self())"
        return threads.withLock { numbers in
            if let number = numbers[key] { return number }
            numbers[key] = numbers.count + 1
            return numbers[key]!
        }
    }

    /// Runs `work` on the calling thread and records it under `name`.
    public func record(_ name: String, _ work: () -> Void) {
        let thread = threadNumber()
        let start = clock()
        work()
        let end = clock()
        append(Entry(name: name, start: start, end: end, thread: thread))
    }

    /// Records work that ran from `start` to `end` (as asynchronous work does, which `record` cannot
    /// wrap), on the calling thread.
    public func add(_ name: String, start: Double, end: Double) {
        append(Entry(name: name, start: start, end: end, thread: threadNumber()))
    }

    func append(_ entry: Entry) {
        entries.withLock { $0.append(entry) }
    }

    /// By start time to the half second, then by name: rows that start together keep one order.
    public var recorded: [Entry] {
        entries.current.sorted { ((2 * $0.start).rounded(), $0.name) < ((2 * $1.start).rounded(), $1.name) }
    }

    /// The chart: name, start, end, thread, and a bar per row; `perSecond` characters a lesson second.
    public func chart(perSecond: Int = 2, heading: String = "operation") -> [String] {
        let rows = recorded
        let nameWidth = max(heading.count, 9, rows.map(\.name.count).max() ?? 0)
        let span = Int((rows.map(\.end).max() ?? 0).rounded(.up))
        var axis = ""
        for second in stride(from: 0, through: span, by: 2) {
            let label = "\(second)s"
            axis += label.padding(toLength: 2 * perSecond, withPad: " ", startingAt: 0)
        }
        var lines = [pad(heading, nameWidth) + "   start     end  thread  " + axis]
        for row in rows {
            let from = Int((row.start * Double(perSecond)).rounded())
            let to = max(from + 1, Int((row.end * Double(perSecond)).rounded()))
            let bar = String(repeating: " ", count: from) + String(repeating: "#", count: to - from)
            lines.append(
                pad(row.name, nameWidth) + String(format: " %6.2fs %6.2fs  ", row.start, row.end)
                    + "T\(row.thread)".padding(toLength: 8, withPad: " ", startingAt: 0) + bar)
        }
        return lines
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
