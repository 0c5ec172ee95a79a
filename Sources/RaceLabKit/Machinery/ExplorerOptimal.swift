import Dispatch

/// The partial-order reduction without a preemption bound: optimal DPOR with wakeup trees (Abdulla,
/// Aronis, Jonsson and Sagonas, "Optimal dynamic partial order reduction", POPL 2014, Algorithm 2). It
/// runs exactly one schedule of each class of equivalent executions (Mazurkiewicz traces), locks and
/// deadlocks included, and never a run it must throw away.
///
/// After each run it looks at every race in it: two steps of different threads that conflict, with
/// nothing between them ordering the one before the other. For a race of steps e and e', the steps
/// after e that do not happen after it, then e', make a sequence v that runs e' first. At the state
/// before e, v is inserted into the wakeup tree unless a thread that can begin v (or that v leaves
/// free) is asleep there: its run was explored already, and one like v with it. Each state's sleep set
/// holds the threads whose step from there has been tried, with what that step touched; it is carried
/// down while the steps taken do not conflict with theirs. A branch of a wakeup tree is followed step by
/// step, so a reversal is run as found, not left to the default rule.
///
/// Locks: all steps on one lock conflict. The release of a lock and its next taking cannot be swapped
/// (the second thread waits), so that race is not reversed; the two takings are, when nothing but the
/// lock orders them. A thread left waiting at a deadlock takes part with the step it never took.
extension Explorer {
    /// A state on the current run's path.
    struct OptimalNode {
        var runnable: [Int]
        /// What each thread's next step from here touches, as said before it.
        var pending: [Footprint]
        var chosen: Int
        /// What the chosen thread's step touched, as the run saw it.
        var taken = Footprint.nothing
        /// The threads whose step from here leads only where a tried one did, and what it touches.
        var sleep: [Int: Footprint]
        /// The sequences still to explore from here.
        var wakeup: WakeupTree
    }

    /// One schedule per class, or nil when a sequence could not be followed: a thread to take a step
    /// waited on something the footprints do not show (a semaphore's `wait()`), and the caller searches
    /// another way.
    func searchOptimal(_ build: () throws -> PreparedRun) throws -> Exploration? {
        var tally = Exploration()
        tally.reduced = true
        var path: [OptimalNode] = []
        var follow = WakeupTree()
        while true {
            guard tally.schedules + tally.abandoned < maxSchedules else {
                tally.complete = false
                break
            }
            let prefix = path.map(\.chosen)
            var tree = follow
            var sleeps: [[Int: Footprint]] = []
            var siblings: [WakeupTree] = []
            var said: [Footprint] = []
            var unfollowable = false
            let played = try play(
                prefix, build, footprints: true, again: true,
                choose: { position, runnable, run in
                    // The sleep set here: the one before the last step, less those it woke.
                    var sleep: [Int: Footprint] = [:]
                    if position > 0, let last = run.steps.last {
                        let before = position - 1
                        let (asleep, footprint) =
                            before < prefix.count
                            ? (path[before].sleep, Self.footprint(of: last.thread, in: path[before].pending))
                            : (sleeps[before - prefix.count], said[before - prefix.count])
                        let taken = footprint + last.locks
                        sleep = asleep.filter { !$0.value.conflicts(with: taken) }
                    }
                    let choice: Int
                    let rest: WakeupTree
                    if let first = tree.branches.first {
                        guard runnable.contains(first.event.thread), sleep[first.event.thread] == nil else {
                            unfollowable = true
                            return nil
                        }
                        (choice, rest, tree) = (
                            first.event.thread, WakeupTree(branches: Array(tree.branches.dropFirst())), first.tree
                        )
                    } else {
                        let awake = runnable.filter { sleep[$0] == nil }
                        guard let next = Self.defaultChoice(among: awake, after: run.steps.last?.thread) else {
                            return nil
                        }
                        (choice, rest) = (next, WakeupTree())
                    }
                    sleeps.append(sleep)
                    siblings.append(rest)
                    said.append(run.pendingFootprint(choice))
                    return choice
                })
            if unfollowable { return nil }
            let end = played.abandonedAt ?? played.run.choices.count
            for position in path.count..<end {
                path.append(
                    OptimalNode(
                        runnable: played.runnable[position], pending: played.pending[position],
                        chosen: played.run.choices[position], sleep: sleeps[position - prefix.count],
                        wakeup: siblings[position - prefix.count]))
            }
            if played.abandonedAt == nil { tally.add(played.run) } else { tally.abandoned += 1 }
            let events = Self.events(played, upTo: end, waiting: played.abandonedAt == nil)
            for position in 0..<end { path[position].taken = events[position].footprint }
            insertReversals(of: events, executed: end, into: &path)
            guard let depth = path.indices.last(where: { !path[$0].wakeup.isEmpty }) else { break }
            path[depth].sleep[path[depth].chosen] = path[depth].taken
            let next = path[depth].wakeup.branches.removeFirst()
            // A thread the state does not have yet cannot begin a branch there: the footprints did not
            // show what made it (searched another way, as a sequence that cannot be followed).
            guard path[depth].runnable.contains(next.event.thread) else { return nil }
            path[depth].chosen = next.event.thread
            follow = next.tree
            path.removeSubrange((depth + 1)..<path.count)
        }
        return tally
    }

    /// A run's first `end` steps as events: what each was said to touch, the locks the run saw it take
    /// and let go, and the starts of threads; then, with `waiting`, the step each thread left waiting at
    /// a deadlock never took.
    static func events(_ played: PlayedRun, upTo end: Int, waiting: Bool) -> [Event] {
        let choices = played.run.choices
        var events = (0..<end).map { index in
            Event(
                thread: choices[index],
                footprint: footprint(of: choices[index], in: played.pending[index]) + played.run.lockSteps[index],
                locks: played.run.lockSteps[index])
        }
        for thread in 0..<(played.pending.last?.count ?? 0) {
            // Started by a step of the run, or first seen after one (made by what that step did).
            let starter =
                thread < played.startedBy.count && played.startedBy[thread] != nil
                ? played.startedBy[thread]
                : played.pending.firstIndex(where: { $0.count > thread }).flatMap { $0 > 0 ? $0 - 1 : nil }
            guard let starter, starter < end else { continue }
            events[starter].footprint = events[starter].footprint + .starts(thread)
            if let first = events.firstIndex(where: { $0.thread == thread }) {
                events[first].footprint = events[first].footprint + .startedAs(thread)
            }
        }
        if waiting, end == choices.count {
            events += played.waitingAtEnd.map { Event(thread: $0.thread, footprint: $0.footprint, locks: $0.locks) }
        }
        return events
    }

    /// For every race in `events` (the first `executed` taken, the rest steps waiting at a deadlock),
    /// inserts the sequence that reverses it into the wakeup tree of the state before its first step.
    private func insertReversals(of events: [Event], executed: Int, into path: inout [OptimalNode]) {
        let order = EventOrder(Array(events[..<executed]))
        // Who holds each lock before each step.
        var holders: [[String: Int]] = [[:]]
        for event in events[..<executed] { holders.append(Self.holders(holders.last!, after: event) ?? [:]) }
        for (earlier, later) in Self.races(in: events, executed: executed) {
            let between = (earlier + 1..<executed).filter { $0 != later && !order.happensBefore(earlier, $0) }
            let sequence = between.map { events[$0] } + [events[later]]
            // A step that takes a lock another holds there cannot run (a lock's release against its next
            // taking, or a step racing with a third thread's while it waits for a lock).
            guard
                sequence.reduce(
                    Optional(holders[earlier]), { held, event in held.flatMap { Self.holders($0, after: event) } })
                    != nil
            else { continue }
            let node = path[earlier]
            if Self.initials(of: sequence).contains(where: { node.sleep[$0] != nil }) { continue }
            let leftFree = node.sleep.contains { thread, footprint in
                !sequence.contains { $0.thread == thread }
                    && Self.isIndependent(Event(thread: thread, footprint: footprint, locks: .nothing), of: sequence)
            }
            if leftFree { continue }
            path[earlier].wakeup.insert(sequence)
        }
    }

    /// Who holds each lock after `event`, or nil when it takes a lock another thread holds.
    static func holders(_ holders: [String: Int], after event: Event) -> [String: Int]? {
        var held = holders
        for lock in event.locks.acquires {
            if let holder = held[lock], holder != event.thread { return nil }
            held[lock] = event.thread
        }
        for lock in event.locks.releases { held[lock] = nil }
        return held
    }

    /// The races of a run, as (earlier, later) step numbers: `later` one of the
    /// first `executed` steps, or a step a thread left waiting at a deadlock never took (ordered after
    /// the steps taken only, not after another that waits).
    static func races(in events: [Event], executed: Int) -> [(Int, Int)] {
        let taken = Array(events[..<executed])
        let order = EventOrder(taken)
        var races: [(Int, Int)] = []
        for later in events.indices {
            if later < executed {
                races += racing(later, taken, order).map { ($0, later) }
            } else {
                let waiting = taken + [events[later]]
                races += racing(executed, waiting, EventOrder(waiting)).map { ($0, later) }
            }
        }
        return races
    }

    /// The earlier steps of `events` in a race with step `later`: another thread's, conflicting, with no
    /// step between them ordered after the one and before the other; and, for each lock `later` takes, the step that
    /// last took it, by another thread, when nothing orders the two but that thread's steps up to its
    /// release (its critical section, which then runs after `later`).
    private static func racing(_ later: Int, _ events: [Event], _ order: EventOrder) -> [Int] {
        let step = events[later]
        func orderedBetween(_ earlier: Int, except section: [Int] = []) -> Bool {
            (earlier + 1..<later).contains {
                !section.contains($0) && order.happensBefore(earlier, $0) && order.happensBefore($0, later)
            }
        }
        var found = (0..<later).filter { earlier in
            events[earlier].thread != step.thread && events[earlier].footprint.conflicts(with: step.footprint)
                && !orderedBetween(earlier)
        }
        for lock in step.locks.acquires.sorted() {
            guard let taking = (0..<later).last(where: { events[$0].locks.acquires.contains(lock) }),
                events[taking].thread != step.thread, !found.contains(taking)
            else { continue }
            var section: [Int] = []
            for index in taking..<later where events[index].thread == events[taking].thread {
                section.append(index)
                if events[index].locks.releases.contains(lock) { break }
            }
            if !orderedBetween(taking, except: section) { found.append(taking) }
        }
        return found
    }
}
