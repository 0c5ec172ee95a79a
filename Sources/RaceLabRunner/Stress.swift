import Foundation
import RaceLabContract

extension Runner {
    /// Runs each target `runs` times and prints, per page, the passes, the failures by kind, the
    /// outcomes seen and, for racy pages, how often TSan reported the race and how often the
    /// interesting outcome showed. True when every run passed (every starter run failed as documented).
    public func stress(_ runs: Int, _ targets: [Target], progress: (String) -> Void = writeProgress) throws -> Bool {
        let items = try stressItems(
            targets.isEmpty
                ? workspace.lessons.map { .lesson($0.number, page: nil) }
                    + workspace.lessons.compactMap { $0.exercise.map { .exercise($0.number) } } : targets)
        print(
            "Stress: \(items.count) page(s) and exercise variant(s), \(runs) runs each, under ThreadSanitizer at \(speedText(speed))\(exercisesAtOwnSpeed(items) ? "; exercises at the speed their transcript names" : ""), \(jobs > 1 ? "up to \(jobs) runs side by side" : "one run at a time")."
        )
        print("Marks: . passed  r passed after a real-speed rerun  s passed after a rerun (contention fell short)")
        print("       t time  c content  F forbidden outcome  R race verdict")
        print(
            "       h hang  x crash  f flood  e exit status  E could not check  ! a starter that did not fail as documented"
        )
        guard let bin = try buildAll(Array(Set(items.map(\.subject.product))).sorted()) else { return false }
        let started = Date()
        var tallies: [StressTally] = []
        for item in items {
            var tally = StressTally(
                label: item.label, mustFail: item.expectedFailures != nil, expectsRace: item.expectsRace)
            progress(item.label.padding(toLength: items.map(\.label.count).max()!, withPad: " ", startingAt: 0) + " ")
            let explored = ExploredOnce()
            let once = { () -> RunOutcome in
                let outcome = self.run(item.subject, bin: bin)
                // What the driver and ThreadSanitizer pass is judged further, as `exercise` and `verify` do.
                guard let (exercise, folder) = item.explorable else { return outcome }
                return self.judgedBeyondTheRun(
                    outcome, exercise, folder: folder, bin: bin, strict: true, explored: explored)
            }
            runInOrder(Array(repeating: once, count: runs), jobs: jobs) { _, outcome in
                let ok = item.expectedFailures.map { !$0.isEmpty && outcome.missing($0).isEmpty } ?? outcome.passed
                progress(String(tally.add(outcome, passed: ok)))
            }
            progress("  \(tally.passed)/\(tally.runs)\n")
            tallies.append(tally)
        }
        print("")
        for line in stressTable(tallies) { print(line) }
        let failed = tallies.reduce(0) { $0 + $1.failed }
        let total = tallies.reduce(0) { $0 + $1.runs }
        print("")
        print(
            "\(total - failed) of \(total) runs as expected in \(String(format: "%.0f", Date().timeIntervalSince(started))) s."
        )
        return failed == 0
    }

    /// An exercise is checked at the speed its transcript names unless `--speed` was given.
    private func exercisesAtOwnSpeed(_ items: [StressItem]) -> Bool {
        !speedIsExplicit && items.contains { $0.subject.variant != nil }
    }

    struct StressItem {
        var subject: Subject
        /// For a variant that must fail: the failures it must show.
        var expectedFailures: [ExpectedFailure]?
        var expectsRace: Bool
        /// An exercise's variant: the exercise and the variant's folder, which the explorer judges.
        var explorable: (exercise: ExerciseInfo, folder: String)?
        var label: String { subject.label.replacingOccurrences(of: "wrong fix ", with: "wrong ") }
    }

    func stressItems(_ targets: [Target]) throws -> [StressItem] {
        var items: [StressItem] = []
        func expectsRace(_ path: String) -> Bool {
            guard let transcript = try? loadTranscript(path), case .races = transcript.verdict else { return false }
            return true
        }
        for target in targets {
            switch target {
            case .lesson(let number, let page):
                let lesson = try workspace.lesson(number)
                for page in try lesson.pages(page) {
                    let subject = Subject.page(page, of: lesson)
                    items.append(StressItem(subject: subject, expectsRace: expectsRace(subject.transcript)))
                }
            case .exercise(let number):
                let exercise = try workspace.exercise(number)
                for variant in exercise.refereeVariants {
                    let subject = Subject.exercise(variant, of: exercise)
                    let explorable = (exercise, variant.folder)
                    guard let expected = variant.expectedFailures(root: workspace.root) else {
                        items.append(
                            StressItem(
                                subject: subject, expectsRace: expectsRace(exercise.transcript), explorable: explorable)
                        )
                        continue
                    }
                    let documented = try expected.get()
                    items.append(
                        StressItem(
                            subject: subject, expectedFailures: documented,
                            expectsRace: documented.contains {
                                if case .race = $0 { return true } else { return false }
                            }, explorable: explorable))
                }
            }
        }
        return items
    }

    /// One row per page: runs, passes, reruns, failures by kind, TSan detection and the interesting
    /// outcome's rate; then the outcomes seen and the first failure of each kind.
    func stressTable(_ tallies: [StressTally]) -> [String] {
        let kinds = FailureKind.allCases
        let width = max(26, tallies.map(\.label.count).max() ?? 0)
        let short: [FailureKind: String] = [
            .time: "time", .content: "content", .forbidden: "forbid", .race: "race", .hang: "hang", .crash: "crash",
            .flood: "flood", .exit: "exit", .error: "error",
        ]
        func cell(_ text: String, _ size: Int) -> String {
            String(repeating: " ", count: max(0, size - text.count)) + text
        }
        var lines = [
            "page".padding(toLength: width, withPad: " ", startingAt: 0) + cell("runs", 6) + cell("pass", 6)
                + cell("rerun", 7)
                + kinds.map { cell(short[$0]!, 1 + max(5, short[$0]!.count)) }.joined() + cell("TSan", 8)
                + cell("shown", 8)
                + cell("outputs", 9)
        ]
        for tally in tallies {
            var row = tally.label.padding(toLength: width, withPad: " ", startingAt: 0) + cell("\(tally.runs)", 6)
            row += cell("\(tally.passed)", 6) + cell("\(tally.rerun)", 7)
            row += kinds.map { cell("\(tally.failures[$0] ?? 0)", 1 + max(5, short[$0]!.count)) }.joined()
            row += cell(tally.expectsRace ? "\(tally.raceReported)/\(tally.runs)" : "-", 8)
            row += cell(tally.outcomes.isEmpty ? "-" : "\(tally.interesting)/\(tally.runs)", 8)
            row += cell("\(tally.outputs.count)", 9)
            lines.append(row)
        }
        lines.append(
            "(pass: as expected; a starter passes when it fails as documented. TSan: runs in which it reported the")
        lines.append(" expected race. shown: runs that ended in the page's interesting outcome. outputs: how many")
        lines.append(
            " different standard outputs the runs printed; 1: the same every run, as a schedule explorer's page.)")
        let seeded = tallies.filter { !$0.seeds.isEmpty }
        if !seeded.isEmpty {
            let runs = seeded.reduce(0) { $0 + $1.runs }
            let seeds = seeded.reduce(into: Set<UInt64>()) { $0.formUnion($1.seeds) }.count
            lines.append(
                "(seeds: the \(runs) exercise runs played \(seeds) different scenarios, each drawn from its run's seed.)"
            )
        }
        for tally in tallies where !tally.outcomes.isEmpty || !tally.firstFailure.isEmpty {
            lines.append("")
            lines.append("\(tally.label):")
            if !tally.failedSeeds.isEmpty {
                lines.append(
                    "  not as expected with seeds \(tally.failedSeeds.map(String.init).joined(separator: ", ")) (--seed S plays one again)"
                )
            }
            for (name, count) in tally.outcomes.sorted(by: { $0.value > $1.value }) {
                lines.append("  outcome \(name): \(count) of \(tally.runs)")
            }
            for (kind, first) in tally.firstFailure.sorted(by: { $0.key < $1.key }) {
                let what = tally.mustFail ? "did not fail as documented" : "first \(kind.rawValue) failure"
                lines.append("  \(what) (run \(first.run)\(first.seed.map { ", seed \($0)" } ?? "")):")
                for problem in first.problems { lines.append(indent(explain(problem))) }
                if first.problems.isEmpty { lines.append("    it passed") }
            }
        }
        return lines
    }
}

/// Progress marks go straight to stdout, unbuffered, so a long stress run shows it is alive.
public func writeProgress(_ text: String) {
    fputs(text, stdout)
    fflush(stdout)
}
