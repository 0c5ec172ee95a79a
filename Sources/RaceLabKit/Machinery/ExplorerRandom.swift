import Dispatch

/// The random mode (`Explorer(random:depth:seed:)`): probabilistic concurrency testing, PCT (Burckhardt,
/// Kothari, Musuvathi and Nagarakatte, "A randomized scheduler with probabilistic guarantees of
/// finding bugs", ASPLOS 2010), as AWS's shuttle and Microsoft's Coyote use it for programs too big to
/// enumerate. Each run gives the threads distinct random priorities (d to d+n−1) and draws d−1 change
/// points among the run's k steps; it always runs the highest-priority thread that can go on, and at
/// the i-th change point drops the thread that just ran to priority i: below every thread still at its
/// first priority, and above or below one dropped at another change point as i is higher or lower. A bug that
/// needs d ordering constraints is then found in a run with probability at least 1/(n·k^(d−1)).
/// k is the most steps a run of the program can take: given (`steps`), or else the length of its
/// first run by the default rule, grown as longer runs appear (then a bug that needs a change point
/// past the first run's length can be missed until a longer run is seen; give `steps` for the bound).
/// Each run's schedule is kept, so what it found replays with `--schedule`; the same seed draws the
/// same runs.
extension Explorer {
    /// PCT's parameters: how many runs, the bug depth d it aims at, the seed of its draws, and k if known.
    public struct RandomRuns: Sendable {
        public var runs: Int
        public var depth: Int
        public var seed: UInt64
        public var steps: Int?
    }

    public init(random runs: Int, depth: Int, seed: UInt64, steps: Int? = nil) {
        self.init()
        random = RandomRuns(runs: runs, depth: max(1, depth), seed: seed, steps: steps)
    }

    func searchRandom(_ parameters: RandomRuns, _ build: () throws -> PreparedRun) throws -> Exploration {
        let started = DispatchTime.now().uptimeNanoseconds
        var tally = Exploration()
        tally.random = parameters
        // The program's size: its threads, and the steps of a run by the default rule.
        let first = try play([], build)
        var steps = parameters.steps ?? first.run.choices.count
        tally.threads = first.run.names.count
        let depth = parameters.depth
        for number in 0..<parameters.runs {
            var draws = Scenario(seed: parameters.seed, stream: UInt64(number) + 1)
            var priorities: [Int: Int] = [:]
            // The d−1 change points, distinct steps of 1…k (a run's first step is step 1).
            var changes: [Int] = []
            while changes.count < min(depth - 1, steps) {
                let point = draws.int(in: 1...steps)
                if !changes.contains(point) { changes.append(point) }
            }
            let threads = first.run.names.count
            for (rank, thread) in draws.shuffled(Array(0..<threads)).enumerated() {
                priorities[thread] = depth + 2 * rank
            }
            let played = try play(
                [], build,
                choose: { position, runnable, run in
                    // A thread started during the run gets a random priority among the others'.
                    for thread in runnable where priorities[thread] == nil {
                        priorities[thread] = depth + 2 * draws.int(in: 0...threads - 1) + 1
                    }
                    if let change = changes.firstIndex(of: position), let last = run.steps.last?.thread {
                        priorities[last] = change + 1
                    }
                    return runnable.max { priorities[$0, default: 0] < priorities[$1, default: 0] }
                })
            steps = max(steps, played.run.choices.count)
            tally.add(played.run)
        }
        tally.steps = steps
        tally.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return tally
    }
}
