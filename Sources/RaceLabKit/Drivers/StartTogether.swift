import Foundation

/// Runs `work(0)`, `work(1)`… `work(count - 1)` on threads of their own, released together once every
/// one of them is running; returns the group they leave when done. For drivers that need threads to
/// meet (exercises 4 and 10). Waiting until all have started matters: a thread that starts late
/// starts after another's work, and Foundation's thread start-up takes a lock that ThreadSanitizer
/// counts as ordering the two, hiding a race between them (exercise 10's unlocked wrong fix went
/// unreported in 6 of 20 runs before). After the release nothing orders the threads.
public func startTogether(_ count: Int, _ work: @escaping @Sendable (Int) -> Void) -> DispatchGroup {
    let running = DispatchGroup()
    let gate = DispatchGroup()
    let done = DispatchGroup()
    gate.enter()
    for thread in 0..<count {
        running.enter()
        done.enter()
        Thread.detachNewThread {
            running.leave()
            gate.wait()
            work(thread)
            done.leave()
        }
    }
    running.wait()
    gate.leave()
    return done
}

/// A driver's contention round: `threads` threads, released together (`startTogether`), each calls
/// `work(thread, call, elapsed)` for call 0, 1, 2… (elapsed: real seconds since the release) until
/// `work` returns false or `seconds` of real time have passed. Returns when every thread is done.
/// The time bound keeps a verdict quick on a slow machine; `work` decides what is enough.
public func hammer(
    _ threads: Int, forAtMost seconds: Double,
    _ work: @escaping @Sendable (_ thread: Int, _ call: Int, _ elapsed: Double) -> Bool
) {
    let start = DispatchTime.now().uptimeNanoseconds
    startTogether(threads) { thread in
        var call = 0
        while true {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            guard elapsed < seconds, work(thread, call, elapsed) else { return }
            call += 1
        }
    }.wait()
}

/// A driver's rounds for a narrow window that shows only now and then: plays `round(1)`, `round(2)`…
/// one after another until one returns false (it saw the fault, or cannot go on), once at least
/// `rounds` rounds and `seconds` of real time are played, or at `most` rounds or `limit` seconds.
/// Returns how many rounds it played. (Exercises 5 and 10.)
public func playRounds(
    atLeast rounds: Int, andSeconds seconds: Double, atMost most: Int = .max, forAtMost limit: Double,
    _ round: (_ number: Int) -> Bool
) -> Int {
    let started = DispatchTime.now().uptimeNanoseconds
    var played = 0
    while played < most {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        guard elapsed < limit, played < rounds || elapsed < seconds else { break }
        played += 1
        guard round(played) else { break }
    }
    return played
}
