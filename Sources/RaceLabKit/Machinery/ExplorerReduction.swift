import Dispatch

/// The partial-order reduction (`Explorer(reduction: .partialOrder)`). Without a preemption bound it is
/// optimal DPOR (ExplorerOptimal.swift): one run a class. With a bound, or when a sequence optimal DPOR
/// found cannot be followed (a thread waits on something its footprints do not show, such as a
/// semaphore), it is source-DPOR without sleep sets (Abdulla, Aronis, Jonsson and Sagonas, POPL 2014,
/// Algorithm 1; after Flanagan and Godefroid, POPL 2005), which may run a class more than once: it
/// counts runs, not classes (`Exploration.reduced` is false).
///
/// For each step a run takes, it looks back for races: an earlier step of another thread whose
/// footprint conflicts with it, ordered before it by nothing but the schedule. The steps after that
/// earlier one which do not depend on it, then the racing step, could have run before it: unless a
/// thread that could begin that sequence is already to be tried at the earlier step's state, one is
/// added there.
///
/// Locks: a step that takes a lock races with the step in which another thread last took it (the
/// release between them cannot be swapped with the taking, the two takings can), and a thread left
/// waiting for a lock at a deadlock races the same way with the step that took the lock it waits for.
///
/// With a bound, a race adds every thread that can begin its reversal, at its first step's state and at
/// every earlier switch between threads, where it may cost no preemption (after Coons, Musuvathi and
/// McKinley, "Bounded partial-order reduction", OOPSLA 2013): a class the bound cuts may be reached
/// only through a schedule of another.
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
    }

    func searchReduced(_ build: () throws -> PreparedRun) throws -> Exploration {
        let started = DispatchTime.now().uptimeNanoseconds
        var tally: Exploration
        if maxPreemptions == nil, let optimal = try searchOptimal(build) {
            tally = optimal
        } else {
            tally = try searchSourceSets(build)
        }
        tally.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return tally
    }

    private func searchSourceSets(_ build: () throws -> PreparedRun) throws -> Exploration {
        var tally = Exploration()
        var path: [ReductionNode] = []
        while true {
            guard tally.schedules < maxSchedules else {
                tally.complete = false
                break
            }
            let prefix = path.map(\.chosen)
            let played = try play(prefix, build, footprints: true, again: true)
            let firstNew = max(0, prefix.count - 1)
            let end = played.run.choices.count
            for position in path.count..<end {
                let chosen = played.run.choices[position]
                path.append(
                    ReductionNode(
                        runnable: played.runnable[position], pending: played.pending[position], chosen: chosen,
                        preemptionsBefore: played.preemptionsBefore[position], backtrack: [chosen], done: [chosen]))
            }
            tally.add(played.run)
            addBacktracks(&path, played, from: firstNew, to: end)
            guard let (depth, thread) = nextBranch(path) else { break }
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

    /// The deepest state with a thread still to try (runnable, within the preemption bound).
    private func nextBranch(_ path: [ReductionNode]) -> (Int, Int)? {
        for depth in path.indices.reversed() {
            let node = path[depth]
            let previous = depth > 0 ? path[depth - 1].chosen : nil
            for thread in node.backtrack.subtracting(node.done).sorted()
            where node.runnable.contains(thread) {
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
        if let starter = starters.first(where: { node.runnable.contains($0) }) {
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
