import Foundation
import RaceLabContract

extension Runner {
    /// For CI: the folders, the manifest and the copies agree (`consistencyProblems`); every page
    /// passes; and for every exercise the solution passes while the starter and every known wrong fix
    /// fail, each as its `// must fail:` line says. `numbers`: only those lessons and their exercises
    /// (none: all). The attendee's own exercise files are neither built nor touched.
    public func verify(_ numbers: [Int] = []) throws -> Bool {
        let lessons = numbers.isEmpty ? workspace.lessons : try numbers.map(workspace.lesson)
        let exercises = lessons.compactMap(\.exercise)
        let inconsistent = consistencyProblems(lessons, declared: declaredTargets())
        print(
            "Consistency of \(lessons.count == workspace.lessons.count ? "every lesson" : "lessons \(lessons.map { String($0.number) }.joined(separator: ", "))"): folders, manifest, drivers and documented failures."
        )
        if inconsistent.isEmpty {
            print("PASS  consistency: every variant has its target and its driver, and says how it must fail")
        } else {
            print("FAIL  consistency: \(inconsistent.count) disagreement\(inconsistent.count == 1 ? "" : "s")")
            for problem in inconsistent { print(indent(problem)) }
        }
        var ok = try check(lessons.map(\.number)) && inconsistent.isEmpty
        print("")
        let wrong = exercises.reduce(0) { $0 + $1.wrongFixes.count }
        print(
            "Verifying \(exercises.count) exercise(s): each solution must pass; each starter and each of \(wrong) known wrong fixes must fail as documented."
        )
        // Each variant with how it must fail (nil: it must pass), read once.
        let items = exercises.flatMap { exercise in
            exercise.refereeVariants.map {
                (exercise: exercise, variant: $0, expected: $0.expectedFailures(root: workspace.root))
            }
        }
        guard !items.isEmpty, let bin = try buildAll(items.map(\.variant.product)) else { return ok && items.isEmpty }
        let runs = items.map { item in
            { () -> RunOutcome? in
                if case .failure? = item.expected { return nil }  // nothing to run: said below
                // What the driver and ThreadSanitizer pass is judged further, as for an attendee.
                let ran = self.run(.exercise(item.variant, of: item.exercise), bin: bin)
                return self.judgedBeyondTheRun(ran, item.exercise, folder: item.variant.folder, bin: bin, strict: true)
            }
        }
        // Long, so started first: a variant that must fail, of an exercise whose order is timed (it may
        // be confirmed at real speed), one that must hang (it runs to its time limit), and a solution
        // (run up to three times when its contention round falls short: exercise 10's took 17 s in a
        // fresh clone's verify, started last of all).
        let timedOrder = Set(
            exercises.filter { exercise in (try? loadTranscript(exercise.transcript))?.timedOrder == true }.map(
                \.number))
        let long = Set(
            items.indices.filter { index in
                let (exercise, variant, expected) = items[index]
                let hangs = if case .success(let failures)? = expected { failures.contains(.timeout) } else { false }
                return variant.role == .solution || variant.mustFail && (timedOrder.contains(exercise.number) || hangs)
            })
        // A wrong fix that passed because its contention round fell short in every run was not judged:
        // the machine was too busy with the runs beside it. Nor was one whose verdict lost its lead in a
        // run whose contention fell short: the fault it leads with showed only in a later round. Each
        // runs again at the end, alone.
        var alone: [Int] = []
        runInOrder(runs, jobs: jobs, startingFirst: long) { index, outcome in
            let item = items[index]
            // Read once: both the choice to run it again alone and the report hold the run to it.
            let variantLead = item.variant.mustFail ? lead(of: item.variant, item.exercise) : nil
            if jobs > 1, let variantLead, let outcome,
                outcome.passedShortOfContention || self.leadLostShortOfContention(outcome, variantLead)
            {
                alone.append(index)
            } else if let expected = item.expected {
                ok = reportFails(item.variant.label, expected, outcome, lead: variantLead) && ok
            } else if let outcome {
                report(item.variant.label, outcome)
                ok = ok && outcome.passed
            }
        }
        if !alone.isEmpty {
            print(
                "Run again alone, their contention rounds having fallen short with \(jobs) side by side: \(alone.map { items[$0].variant.label }.joined(separator: ", "))."
            )
        }
        for index in alone {
            guard let expected = items[index].expected else { continue }
            let (exercise, variant, _) = items[index]
            ok = reportFails(variant.label, expected, runs[index](), lead: lead(of: variant, exercise)) && ok
        }
        if showsVerdicts && !verdictRows.isEmpty {
            print(
                "\nThe verdicts by mistake class, as the referee notes' tables show them (docs/referee/exerciseN.md):")
            for line in VerdictRow.tables(verdictRows) { print(line) }
        }
        return ok
    }

    /// The run said its contention round fell short, and its verdict lacks the lead documented for it.
    func leadLostShortOfContention(_ outcome: RunOutcome, _ lead: VariantLead) -> Bool {
        guard outcome.saidContentionFellShort, case .success(let documented?) = lead.documented else { return false }
        return documented.missing(from: lead.verdict(outcome)) != nil
    }

    /// What a variant's verdict must lead with, and its verdict as the attendee would read it: what is
    /// still wrong, told of the variant's own files.
    func lead(of variant: Variant, _ exercise: ExerciseInfo) -> VariantLead {
        let hints = keyedHints(exercise)
        return VariantLead(
            documented: VerdictLead.documented(in: "\(workspace.root)/\(variant.folder)"),
            verdict: { self.whatIsStillWrong($0, exercise, folder: variant.folder) },
            hint: { Self.hintFor(self.firstSaid($0), among: hints).map { $0.0 + 1 } })
    }

    /// What a variant's verdict must lead with, how to tell its verdict, and which hint (from 1) a
    /// check that failed so would key (`hintFor`; nil: none fits).
    struct VariantLead {
        var documented: Result<VerdictLead?, Workspace.Problem>
        var verdict: (RunOutcome) -> [String]
        var hint: (RunOutcome) -> Int? = { _ in nil }
    }

    /// How far behind the machine fell while a run played (`MachineLateness`), when that is enough
    /// to have changed what a driver saw first: a quiet machine's chain of naps falls a few
    /// milliseconds behind a second; nil when it was not measured or the machine was not that busy.
    static func busyEnough(_ lateness: Double?) -> Double? {
        guard let lateness, lateness >= busyLateness else { return nil }
        return lateness
    }
    static let busyLateness = 0.25

    /// True when a variant (or a broken page: `check --must-fail`) that must fail failed for every
    /// documented reason; prints one line saying so. `outcome` is nil when there was nothing to run
    /// (its documentation could not be read).
    /// `lead`: what the variant's verdict must lead with (`VerdictLead`), and how to tell the verdict.
    func reportFails(
        _ label: String, _ expected: Result<[ExpectedFailure], Workspace.Problem>, _ outcome: RunOutcome?,
        lead: VariantLead? = nil
    ) -> Bool {
        let documented: [ExpectedFailure]
        switch expected {
        case .success(let failures): documented = failures
        case .failure(let problem):
            print("FAIL  \(label): \(problem)")
            return false
        }
        guard let outcome else { return false }
        let missing = outcome.missing(documented)
        if missing.isEmpty {
            var rowLead = VerdictRow.Lead.none
            switch lead?.documented {
            case .failure(let problem)?:
                print("FAIL  \(label) fails as documented, but \(problem)")
                return false
            case .success(let documentedLead?)?:
                let verdict = lead?.verdict(outcome) ?? []
                let busy = outcome.saidTimingWasOff ? Self.busyEnough(outcome.machineLateness) : nil
                if documentedLead.missing(from: verdict) != nil, outcome.saidContentionFellShort {
                    // Its contention round fell short (alone, when verify runs several at once): the
                    // fault the lead names was not contended for, and a later round found another.
                    rowLead = .notHeld(documentedLead, why: "its contention round fell short on this machine")
                } else if documentedLead.missing(from: verdict) != nil, let busy {
                    // The driver said this run's timing was off, and the machine was measured busy: what
                    // the driver saw first may be the machine's doing, not the fault the lead names.
                    rowLead = .notHeld(
                        documentedLead,
                        why: "the driver said its timing was off, and this machine fell \(secondsText(busy)) behind")
                } else if let lacking = documentedLead.missing(from: verdict) {
                    print("FAIL  \(label) fails as documented, but the first two lines of its verdict lack \(lacking):")
                    for line in verdict.prefix(2) { print("      | \(line)") }
                    // The rest, and what the run printed, to tell why without running it again.
                    if verdict.count > 2 { print("      the rest of its verdict:") }
                    for line in verdict.dropFirst(2).prefix(12) { print("      | \(line)") }
                    if outcome.saidTimingWasOff {
                        print(
                            "      the driver said its timing was off; this machine fell \(outcome.machineLateness.map(secondsText) ?? "an unmeasured time") behind, less than the \(secondsText(Self.busyLateness)) that excuses a lead"
                        )
                    }
                    print("      the run (seed \(outcome.seed.map(String.init) ?? "none")) printed, last lines:")
                    for line in outcome.stdout.split(separator: "\n").suffix(12) { print("      > \(line)") }
                    return false
                } else {
                    rowLead = .held(documentedLead)
                }
            default: break
            }
            let leading = rowLead.said(timingWasOff: outcome.saidTimingWasOff, lateness: outcome.machineLateness)
            print(
                "PASS  \(label) fails as documented (\(documented.map(\.description).joined(separator: ", ")))\(leading)  \(outcome.figures())"
            )
            if showsVerdicts, let lead {
                let verdict = lead.verdict(outcome)
                for line in verdict.prefix(2) { print("      | \(line)") }
                if var row = VerdictRow(label: label, lines: verdict, lead: rowLead) {
                    row.hint = lead.hint(outcome)
                    verdictRows.append(row)
                }
            }
            return true
        }
        print(
            "FAIL  \(label) should fail with \(missing.map(\.description).joined(separator: ", ")) but did not  \(outcome.figures())"
        )
        if outcome.passedShortOfContention {
            print(
                "      its contention round fell short in each of \(outcome.contentionShortRuns) runs: this machine was too busy to judge it (run verify with fewer --jobs)"
            )
        }
        for problem in outcome.problems { print(indent(explain(problem))) }
        return false
    }
}
