extension Explorer {
    /// A run's steps as the partial-order reduction sees them: each step's thread and footprint, and
    /// which steps happen before which: a thread's steps in order, a thread's start after the step that
    /// started it, and of two conflicting steps the earlier before the later (vector clocks).
    struct Trace {
        let threads: [Int]
        let footprints: [Footprint]
        /// Which of its thread's steps each is (0: the first).
        let ordinals: [Int]
        /// clocks[i][t]: how many of thread t's steps happen before step i, or are it.
        let clocks: [[Int]]
        /// The step that started each thread (nil: the program).
        let startedBy: [Int?]

        /// The run's first `end` steps; then, when it ended in a deadlock, for each thread left waiting
        /// a step it never took (its next one), so that the lock it waits for can be taken earlier.
        init(_ played: PlayedRun, upTo end: Int) {
            var threads = Array(played.run.choices.prefix(end))
            // What each step touched: what was said of it, and the locks the run saw it take and let go.
            var pendingSteps = (0..<end).map { index in
                Explorer.footprint(of: threads[index], in: played.pending[index]) + played.run.lockSteps[index]
            }
            if end == played.run.choices.count {
                threads += played.waitingAtEnd.map(\.thread)
                pendingSteps += played.waitingAtEnd.map(\.footprint)
            }
            let width = max(played.startedBy.count, (threads.max() ?? -1) + 1)
            var footprints: [Footprint] = []
            var ordinals: [Int] = []
            var clocks: [[Int]] = []
            var last: [Int: Int] = [:]  // each thread's latest step
            for (index, thread) in threads.enumerated() {
                let footprint = pendingSteps[index]
                var clock = last[thread].map { clocks[$0] } ?? Array(repeating: 0, count: width)
                if last[thread] == nil, thread < played.startedBy.count, let starter = played.startedBy[thread],
                    starter < index
                {
                    clock = Self.join(clock, clocks[starter])
                }
                for earlier in 0..<index
                where threads[earlier] != thread && footprints[earlier].conflicts(with: footprint) {
                    clock = Self.join(clock, clocks[earlier])
                }
                let ordinal = last[thread].map { ordinals[$0] + 1 } ?? 0
                clock[thread] = ordinal + 1
                footprints.append(footprint)
                ordinals.append(ordinal)
                clocks.append(clock)
                last[thread] = index
            }
            self.threads = threads
            self.footprints = footprints
            self.ordinals = ordinals
            self.clocks = clocks
            self.startedBy = played.startedBy
        }

        private static func join(_ a: [Int], _ b: [Int]) -> [Int] { zip(a, b).map { max($0, $1) } }

        func happensBefore(_ earlier: Int, _ later: Int) -> Bool {
            earlier < later && clocks[later][threads[earlier]] > ordinals[earlier]
        }

        /// The earlier steps that race with step `later`: another thread's, conflicting with it, and
        /// ordered before it by nothing but that conflict.
        func races(endingAt later: Int) -> [Int] {
            let thread = threads[later]
            let starter = ordinals[later] == 0 && thread < startedBy.count ? startedBy[thread] : nil
            return (0..<later).filter { earlier in
                threads[earlier] != thread && earlier != starter
                    && footprints[earlier].conflicts(with: footprints[later])
                    && !(earlier + 1..<later).contains { happensBefore(earlier, $0) && happensBefore($0, later) }
            }
        }

        /// For a step that takes a lock (or, at the end of a deadlock, waits for it): the step in which
        /// another thread last took it (the start of its critical section), for each such lock. Reversing the
        /// two takings is the race to try: the lock's release and its next acquire cannot be swapped
        /// (the second thread waits), its two acquires can.
        func criticalSectionsBefore(_ later: Int) -> [Int] {
            var starts: [Int] = []
            let thread = threads[later]
            for lock in footprints[later].acquires {
                // The last taking of the lock by another thread: let go since, or still held.
                guard
                    let acquire = (0..<later).last(where: {
                        threads[$0] != thread && footprints[$0].acquires.contains(lock)
                    })
                else { continue }
                starts.append(acquire)
            }
            return starts
        }

        /// The threads that can begin the steps after `earlier` that do not happen after it, followed
        /// by `later`: those whose first step there has no step there before it (the initials).
        func initials(after earlier: Int, then later: Int) -> [Int] {
            let sequence = (earlier + 1..<later).filter { !happensBefore(earlier, $0) } + [later]
            var starters: [Int] = []
            for (place, step) in sequence.enumerated()
            where !starters.contains(threads[step]) && !sequence[..<place].contains(where: { happensBefore($0, step) })
            {
                starters.append(threads[step])
            }
            return starters
        }
    }
}
