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

    /// How many classes of equivalent schedules `threads` threads that increment `times` times have,
    /// when two reads commute and a write conflicts with every step: a class is an order of the writes
    /// (one counter: each pair conflicts) and, for each read, which two writes it falls between. A
    /// thread's read before its j-th write can fall after any write from its (j-1)-th write's up to
    /// the one just before its j-th: the j-th's place in the order of writes less the (j-1)-th's
    /// choices. Summed over the orders of the writes (each thread's in order).
    public static func classes(threads: Int, times: Int) -> Int {
        var total = 0
        var placed = Array(repeating: 0, count: threads)  // writes placed, by thread
        var last = Array(repeating: 0, count: threads)  // where each thread's last write went (1 up)
        func place(_ position: Int, _ weight: Int) {
            guard position <= threads * times else {
                total += weight
                return
            }
            for thread in 0..<threads where placed[thread] < times {
                let choices = position - last[thread]  // places for the read before this write
                let saved = last[thread]
                (placed[thread], last[thread]) = (placed[thread] + 1, position)
                place(position + 1, weight * choices)
                (placed[thread], last[thread]) = (placed[thread] - 1, saved)
            }
        }
        place(1, 1)
        return total
    }
}
