import Dispatch

/// The partial-order reduction (`Explorer(reduction: .partialOrder)`): source-DPOR with sleep sets
/// (Abdulla, Aronis, Jonsson and Sagonas, "Optimal dynamic partial order reduction", POPL 2014,
/// Algorithm 1; after Flanagan and Godefroid, POPL 2005). Two schedules that differ only in the order
/// of independent steps (their footprints do not conflict) are one execution; the search runs one
/// schedule of each, and counts them: the classes.
///
/// For each step a run takes, it looks back for races: an earlier step of another thread whose
/// footprint conflicts with it, ordered before it by nothing but the schedule. The steps after that
/// earlier one which do not depend on it, then the racing step, could have run before it: unless a
/// thread that could begin that sequence is already to be tried at the earlier step's state, one is
/// added there. A state's sleep set holds the threads whose step from there has been tried; it is
/// carried down while the steps taken do not conflict with theirs, and a run never picks a sleeping
/// thread, so no execution is run twice. A run left with only sleeping threads is played out by the
/// default rule and not counted.
///
/// Locks: a step that takes a lock races with the step in which another thread last took it (the
/// release between them cannot be swapped with the taking, the two takings can), and a thread left
/// waiting for a lock at a deadlock races the same way with the step that took the lock it waits for.
///
/// With a preemption bound, or when the program takes locks, sleep sets are off: with a bound, a
/// schedule they prune may be the only one within it; with locks, the random programs of
/// ReductionTests found outcomes they lost (1 program of 80). With a bound, a race adds every thread
/// that can begin its reversal, at its first step's state and at every earlier switch between threads,
/// where it may cost no preemption (after Coons, Musuvathi and McKinley, "Bounded partial-order
/// reduction", OOPSLA 2013). Without sleep sets the search may run an execution more than once: it
/// counts the schedules it ran, not classes (`Exploration.reduced` is false).
extension Explorer {
    /// How the explorer chooses the schedules it runs.
    public enum Reduction: Sendable {
        /// Every schedule (within the preemption bound).
        case none
        /// One schedule per class of equivalent executions.
        case partialOrder
    }

    /// A state on the current run's path, with the search's bookkeeping.
    struct ReductionNode {
        var runnable: [Int]
        /// What each thread's next step from here touches.
        var pending: [Footprint]
        var chosen: Int
        var preemptionsBefore: Int
        /// Threads to try from here, and those tried.
        var backtrack: Set<Int>
        var done: Set<Int>
        /// Threads whose step from here leads only where a tried one did.
        var sleep: Set<Int>

        func footprint(of thread: Int) -> Footprint { Explorer.footprint(of: thread, in: pending) }

        /// The sleep set of the state after this one's step: the sleepers whose steps do not conflict
        /// with it.
        var sleepAfter: Set<Int> {
            let taken = footprint(of: chosen)
            return sleep.filter { !footprint(of: $0).conflicts(with: taken) }
        }
    }

    func searchReduced(_ build: () throws -> PreparedRun) throws -> Exploration {
        let started = DispatchTime.now().uptimeNanoseconds
        var tally = try searchReduced(build, sleeping: maxPreemptions == nil)
        // A program that takes a lock in some run is searched again without sleep sets.
        if tally.tookLocks, tally.reduced { tally = try searchReduced(build, sleeping: false) }
        tally.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return tally
    }

    private func searchReduced(_ build: () throws -> PreparedRun, sleeping: Bool) throws -> Exploration {
        var tally = Exploration()
        tally.reduced = sleeping
        var path: [ReductionNode] = []
        while true {
            guard tally.schedules + tally.abandoned < maxSchedules else {
                tally.complete = false
                break
            }
            let prefix = path.map(\.chosen)
            // Past the prefix, the default rule among the threads not asleep; the sleep set carried down.
            var sleep = sleeping ? path.last?.sleepAfter ?? [] : []
            var sleeps: [Set<Int>] = []
            let played = try play(
                prefix, build, footprints: true, again: true,
                choose: { _, runnable, run in
                    let awake = runnable.filter { !sleep.contains($0) }
                    guard let choice = Self.defaultChoice(among: awake, after: run.steps.last?.thread) else {
                        return nil
                    }
                    sleeps.append(sleep)
                    let taken = run.pendingFootprint(choice)
                    sleep = sleep.filter { !run.pendingFootprint($0).conflicts(with: taken) }
                    return choice
                })
            let firstNew = max(0, prefix.count - 1)
            let end = played.abandonedAt ?? played.run.choices.count
            for position in path.count..<end {
                let chosen = played.run.choices[position]
                path.append(
                    ReductionNode(
                        runnable: played.runnable[position], pending: played.pending[position], chosen: chosen,
                        preemptionsBefore: played.preemptionsBefore[position], backtrack: [chosen], done: [chosen],
                        sleep: sleeps[position - prefix.count]))
            }
            if played.abandonedAt == nil { tally.add(played.run) } else { tally.abandoned += 1 }
            if played.run.lockSteps.contains(where: { !$0.acquires.isEmpty }) {
                tally.tookLocks = true
                if sleeping { return tally }
            }
            addBacktracks(&path, played, from: firstNew, to: end)
            guard let (depth, thread) = nextBranch(path, sleeping: sleeping) else { break }
            if sleeping { path[depth].sleep.insert(path[depth].chosen) }
            path[depth].done.insert(thread)
            path[depth].chosen = thread
            path.removeSubrange((depth + 1)...)
        }
        return tally
    }

    /// What `thread`'s next step touches, in a row of the run's footprints (one a thread); a thread
    /// past the row touches everything.
    static func footprint(of thread: Int, in pending: [Footprint]) -> Footprint {
        thread < pending.count ? pending[thread] : .everything
    }

    /// The default rule: the thread that ran last goes on while it can, else the first by letter.
    static func defaultChoice(among runnable: [Int], after previous: Int?) -> Int? {
        if let previous, runnable.contains(previous) { return previous }
        return runnable.first
    }

    /// The deepest state with a thread still to try (awake, runnable, within the preemption bound).
    private func nextBranch(_ path: [ReductionNode], sleeping: Bool) -> (Int, Int)? {
        for depth in path.indices.reversed() {
            let node = path[depth]
            let previous = depth > 0 ? path[depth - 1].chosen : nil
            for thread in node.backtrack.subtracting(node.done).sorted()
            where node.runnable.contains(thread) && !(sleeping && node.sleep.contains(thread)) {
                let preemptions =
                    node.preemptionsBefore + (Self.preempts(thread, after: previous, runnable: node.runnable) ? 1 : 0)
                if let bound = maxPreemptions, preemptions > bound { continue }
                return (depth, thread)
            }
        }
        return nil
    }

    /// Looks back from each step in `from..<to` for the races it ends, and adds to the backtrack set of
    /// the state before each race's first step a thread that can begin its reversal.
    private func addBacktracks(_ path: inout [ReductionNode], _ played: PlayedRun, from: Int, to end: Int) {
        let trace = Trace(played, upTo: end)
        for later in from..<trace.threads.count {
            // (Two threads left waiting at a deadlock are steps never taken: neither can go first.)
            for earlier in trace.races(endingAt: later) + trace.criticalSectionsBefore(later) where earlier < end {
                let starters = trace.initials(after: earlier, then: later)
                guard maxPreemptions != nil else {
                    add(starters, at: earlier, &path)
                    continue
                }
                // Bounded: every starter, here and at every earlier switch between threads, where
                // it may cost no preemption.
                for depth in (0...earlier).reversed()
                where depth == earlier || depth == 0 || path[depth - 1].chosen != path[depth].chosen {
                    addAll(starters, at: depth, &path)
                }
            }
        }
    }

    private func add(_ starters: [Int], at depth: Int, _ path: inout [ReductionNode]) {
        guard depth < path.count, path[depth].backtrack.isDisjoint(with: starters) else { return }
        let node = path[depth]
        if let starter = starters.first(where: { node.runnable.contains($0) && !node.sleep.contains($0) })
            ?? starters.first(where: { node.runnable.contains($0) })
        {
            path[depth].backtrack.insert(starter)
        } else {
            path[depth].backtrack.formUnion(node.runnable)
        }
    }

    private func addAll(_ starters: [Int], at depth: Int, _ path: inout [ReductionNode]) {
        let runnable = starters.filter { path[depth].runnable.contains($0) }
        path[depth].backtrack.formUnion(runnable.isEmpty ? path[depth].runnable : runnable)
    }
}
