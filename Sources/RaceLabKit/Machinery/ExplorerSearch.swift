import Dispatch
import Foundation
import RaceLabAtomics

/// How the explorer goes through schedules: one run at a time, each from a fresh start.
extension Explorer {
    /// Every schedule of the runs `build` makes, depth first.
    func search(_ build: () throws -> PreparedRun) throws -> Exploration {
        let started = DispatchTime.now().uptimeNanoseconds
        var tally = Exploration()
        var pending: [[Int]] = [[]]
        while let prefix = pending.popLast() {
            guard tally.schedules < maxSchedules else {
                tally.complete = false
                break
            }
            let played = try play(prefix, build, again: true)
            tally.add(played.run)
            if let stop = stopAtFirst, stop(played.run.outcome) {
                tally.complete = false
                break
            }
            // Every other thread that could have taken a step after the prefix starts a new schedule.
            for position in prefix.count..<played.run.choices.count {
                for other in played.runnable[position].reversed() where other != played.run.choices[position] {
                    let switches = Self.preempts(
                        other, after: played.run.choices[..<position].last, runnable: played.runnable[position])
                    let preemptions = played.preemptionsBefore[position] + (switches ? 1 : 0)
                    if let bound = maxPreemptions, preemptions > bound { continue }
                    pending.append(Array(played.run.choices[..<position]) + [other])
                }
            }
        }
        tally.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return tally
    }

    /// Plays one run that `build` prepares: `prefix` chooses its first steps, the default rule the rest
    /// (or, after the prefix, `choose`: given the step's number, the threads that may take it and the
    /// run, the thread to take it, or nil when the run is to be played out by the default rule and not
    /// counted: the reduction's sleep set leaves no thread to pick). With `footprints`, the run keeps
    /// what each thread's next step touches, before every step. `again`: the prefix is an earlier run's
    /// (a search's), so a step it cannot take means that the program did not run as before.
    func play(
        _ prefix: [Int], _ build: () throws -> PreparedRun,
        before: (Int) -> Void = { _ in }, each: (LaneStep) -> Void = { _ in },
        footprints: Bool = false, again: Bool = false, choose: ((Int, [Int], any Schedulable) -> Int?)? = nil
    ) throws -> PlayedRun {
        racelab_relaxed_add(racelab_explorations_word(), 1)
        defer { racelab_relaxed_add(racelab_explorations_word(), UInt64.max) }  // minus one
        let built = try build()
        let run = built.run
        let readOutcome = built.outcome
        var choices: [Int] = []
        var runnables: [[Int]] = []
        var preemptionsBefore: [Int] = []
        var preemptions = 0
        var pending: [[Footprint]] = []
        var abandonedAt: Int?
        var waiting: [(Int, Footprint, Footprint)] = []
        var outcome: String?
        while outcome == nil {
            let runnable = run.runnable
            if runnable.isEmpty {
                if footprints { waiting = run.unfinished.map { ($0, run.pendingFootprint($0), run.pendingLocks($0)) } }
                guard choices.count >= prefix.count else {
                    let why = run.allFinished ? "every \(run.noun) has finished" : run.stuck
                    throw Problem(
                        description: "step \(choices.count + 1): \(why) after \(choices.count) steps "
                            + "(schedule \(Self.letters(choices)))")
                }
                outcome = run.allFinished ? readOutcome() : try run.stuckOutcome()
                run.drain(limit: stepTimeLimit)
                break
            }
            let previous = choices.last
            let choice: Int
            if choices.count < prefix.count {
                choice = prefix[choices.count]
                guard runnable.contains(choice) else {
                    let why = "step \(choices.count + 1): " + run.whyNot(choice)
                    guard again else { throw Problem(description: why) }
                    throw Problem(
                        description: "a run did not go as the one it starts like (\(why), schedule "
                            + "\(Self.letters(prefix))): the code keeps something from one run to the next (a static or "
                            + "global value, a cache every instance shares) or waits on real time, so its schedules "
                            + "cannot be played again")
                }
            } else if abandonedAt == nil, let choose, let chosen = choose(choices.count, runnable, run) {
                choice = chosen
            } else {
                if choose != nil, abandonedAt == nil { abandonedAt = choices.count }
                choice = Self.defaultChoice(among: runnable, after: previous) ?? runnable[0]
            }
            if footprints { pending.append(run.names.indices.map { run.pendingFootprint($0) }) }
            preemptionsBefore.append(preemptions)
            if Self.preempts(choice, after: previous, runnable: runnable) { preemptions += 1 }
            choices.append(choice)
            runnables.append(runnable)
            before(choice)
            if let problem = run.step(choice, limit: stepTimeLimit) { throw Problem(description: problem) }
            if let step = run.steps.last { each(laneStep(step, run)) }
            guard choices.count <= Self.maxSteps else {
                throw Problem(
                    description: "a run took over \(Self.maxSteps) steps: "
                        + "the explorer is for a few threads of a few steps each")
            }
        }
        let log = run.steps
        let steps = log.map { laneStep($0, run) }
        return PlayedRun(
            run: Run(
                choices: choices, preemptions: preemptions, outcome: outcome ?? "", names: run.names, lanes: steps,
                lockSteps: log.map(\.locks)),
            runnable: runnables, preemptionsBefore: preemptionsBefore, pending: pending,
            startedBy: footprints ? run.startedBy : [], abandonedAt: abandonedAt,
            waitingAtEnd: waiting)
    }

    /// A switch away from a thread that could have gone on.
    static func preempts(_ choice: Int, after previous: Int?, runnable: [Int]) -> Bool {
        guard let previous, previous != choice else { return false }
        return runnable.contains(previous)
    }

    /// A step's text: what the page says that step of its thread does, and what it recorded; else the
    /// point it ran to.
    private func laneStep(_ step: ScheduleStep, _ run: any Schedulable) -> LaneStep {
        let names = step.thread < run.stepNames.count ? run.stepNames[step.thread] : []
        var parts = step.ordinal < names.count && !names[step.ordinal].isEmpty ? [names[step.ordinal]] : []
        parts += step.notes
        if parts.isEmpty { parts = [step.to == .finished ? "runs to its end" : "runs to \(step.to.label)"] }
        // A task's first step from a point it reached in another's step (started there, or woken).
        let from = step.ordinal == 0 && step.from != .start ? step.from.label : nil
        if let from { parts[0] = "goes on from \(from), " + parts[0] }
        // Where another got in: a lock it waited at, or its wake-up after a task it awaited ended; not
        // the first point a task started in another's step reached on its way.
        var gotIn = false
        if from != nil {
            switch step.from {
            case .acquire: gotIn = true
            case .point(let label): gotIn = label.hasPrefix(ExplorableTaskPoints.labelStart)
            default: gotIn = false
            }
        }
        return LaneStep(
            thread: step.thread, text: parts.joined(separator: "; "),
            stoppedAt: step.to == .finished ? nil : step.to.label, cameFrom: gotIn ? from : nil)
    }
}
