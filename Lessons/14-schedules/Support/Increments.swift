import RaceLabKit

/// A counter whose increment reads, pauses, then writes: lesson 4's RacyCounter. Racy on purpose, and
/// used only where the explorer runs its threads one at a time.
/// @unchecked Sendable: used only by explored threads, one at a time.
final class SharedCounter: @unchecked Sendable {
    private(set) var value = 0

    func increment() {
        let old = value
        Interleaving.point("between the read and the write")
        value = old + 1
    }
}

public enum Increments {
    /// `threads` threads each call increment() `times` times, with a point between the calls: each
    /// thread is 2 × `times` steps. The outcome is the count, and whether updates were lost.
    public static func program(threads: Int, times: Int) -> (Explorer.Program) -> Void {
        { program in
            let counter = SharedCounter()
            for _ in 0..<threads {
                let steps = (0..<times).flatMap { _ in ["reads", "writes"] }
                program.thread("increment() \(times == 2 ? "twice" : "\(times) times")", steps: steps) {
                    for call in 0..<times {
                        if call > 0 { Interleaving.point("between the calls") }
                        counter.increment()
                        Interleaving.record("value is \(counter.value)")
                    }
                }
            }
            let all = threads * times
            program.outcome { counter.value == all ? "counted \(all): none lost" : "counted \(counter.value)" }
        }
    }

    /// How many schedules `threads` threads of `steps` steps each have: (threads·steps)! / (steps!)^threads,
    /// the orders of the steps that keep each thread's own in order.
    public static func interleavings(threads: Int, steps: Int) -> Double {
        var count = 1.0
        var placed = 0
        for _ in 0..<threads {
            // Choose where this thread's steps go among those placed so far and its own.
            for step in 1...steps {
                placed += 1
                count = count * Double(placed) / Double(step)
            }
        }
        return count
    }
}
