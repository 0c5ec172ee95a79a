import Foundation
import RaceLabContract

/// What the runner prints of a check: one line a page, and below a failure what to act on.
extension Runner {
    /// One line per page: PASS/FAIL, the TSan verdict, the outcome, the time; below a failure, what
    /// to act on; below a page that was run again at real speed, why and what that showed.
    func report(_ label: String, _ outcome: RunOutcome) {
        if outcome.transcriptUnreadable {
            print("TRANSCRIPT ERROR  \(label)  (not run: its transcript must be mended first)")
            for problem in outcome.problems { print(indent(explain(problem))) }
            return
        }
        let status = outcome.passed ? "PASS" : "FAIL"
        let ending =
            outcome.outcomes.isEmpty ? "" : ", outcome: " + outcome.outcomes.map(\.label).joined(separator: "; ")
        print("\(status)  \(label)  \(outcome.figures(ending: ending))")
        if outcome.ranAgainForInterleavedReports {
            print(
                indent(
                    "ThreadSanitizer's reports could not be read (interleaved, or cut off by a crash): it ran again"
                ))
        }
        if let firstRun = outcome.firstRun {
            let orderWasOff = firstRun.contains { $0.kind == .content }
            let lateness = secondsText(outcome.machineLateness ?? 0)
            let verdict =
                !outcome.excusedAsBusy.isEmpty
                ? "late there too, but by no more than a chain of the runner's own 50 ms naps fell behind meanwhile (\(lateness) by the end):"
                    + " the machine was busy, the page is fine"
                : outcome.passed
                    ? (orderWasOff ? "the output was right" : "every time was right")
                        + ": the machine was busy, the page is fine"
                    : (outcome.failureKinds == [.time]
                        ? "timing confirmed at real speed: off there too" : "it failed as below")
            let why =
                orderWasOff ? "the output was off, in an order that follows from times (timed order)" : "a time was off"
            print(indent("at \(speedText(outcome.speed)) \(why), so it ran again at real speed: \(verdict)"))
            for problem in outcome.excusedAsBusy { print(indent(explain(problem), by: "      ")) }
            if !outcome.passed, let lateness = outcome.machineLateness {
                print(
                    indent(
                        "(a chain of the runner's own 50 ms naps fell \(secondsText(lateness)) behind while it ran at real speed: the line was later than that)"
                    ))
            }
            if !outcome.passed {
                print(indent("at \(speedText(outcome.speed)):"))
                for problem in firstRun { print(indent(explain(problem), by: "      ")) }
                print(indent("at real speed:"))
            }
        }
        for problem in outcome.problems { print(indent(explain(problem))) }
    }

    /// A problem, with the source line of each side of a race quoted. `besideAMutex`: the attendee's
    /// file uses a Mutex, which may be what ordered the accesses where ThreadSanitizer could not see it.
    func explain(_ problem: CheckProblem, besideAMutex: Bool = false) -> String {
        guard case .unexpectedRace(let race, _) = problem else { return problem.description }
        var lines = [problem.description]
        if race.forAttendee && race.isRace {
            lines.append(
                race.isOnAHandover ? Self.whyAHandover : besideAMutex ? Self.whyARaceBesideAMutex : Self.whyARace)
        }
        var quoted = Set<String>()
        for side in race.sides {
            guard let file = side.file, let line = side.line, quoted.insert(side.place).inserted,
                let text = sourceLine(file, line)
            else { continue }
            lines.append("  \(side.place):  \(text)")
        }
        if race.forAttendee { lines += Self.racesInWords(race, sourceLine: sourceLine) }
        return lines.joined(separator: "\n")
    }

    /// Why a data race is wrong, said right under it: what the attendee's code lacks, in one sentence.
    static let whyARace =
        "  why: nothing ordered these two accesses, so two threads made them at once; every access to this"
        + " memory, reads too, must go through the same lock, queue or actor"

    /// Why a race on a driver's hand-over mark (`HandoverMarkName`) is the attendee's: what orders a
    /// callback before what their code does next, and why the values themselves raced unseen.
    static let whyAHandover =
        "  why: a lock, a serial queue, a group or an actor orders a callback before what follows it; a relaxed"
        + " atomic does not, and values kept where ThreadSanitizer does not look (an unsafe buffer the standard"
        + " library reads) race unseen, so the driver's mark of each hand-over raced in their place"

    /// `whyARace` where the attendee's file uses a Mutex, whose hand-over TSan on Linux cannot see.
    static let whyARaceBesideAMutex =
        "  why: nothing ThreadSanitizer could see ordered these two accesses; if your Mutex guards both, it"
        + " may be what ordered them (the note above)"

    /// What an attendee new to ThreadSanitizer cannot know from its words: a "read" at a line that only
    /// assigns, and a "Swift access race".
    static func racesInWords(_ race: RaceDescription, sourceLine: (String, Int) -> String?) -> [String] {
        var said: [String] = []
        let readAtAssignment = race.sides.contains { side in
            guard side.operation == "read", let file = side.file, let line = side.line,
                let text = sourceLine(file, line)
            else { return false }
            let code = text.components(separatedBy: "//")[0]
            return code.range(of: #"[^=!<>+\-*/%&|^]=[^=]"#, options: .regularExpression) != nil
        }
        if readAtAssignment {
            said.append(
                "  (A read at an assignment: to store a new String or object, Swift first reads the old one to let it go.)"
            )
        }
        if race.kind.contains("access race") {
            said.append(
                "  (A Swift access race: two accesses to one variable at once, one of them changing it, which Swift's"
                    + " exclusivity rule forbids; ThreadSanitizer caught them overlapping.)")
        }
        return said
    }

    func sourceLine(_ file: String, _ line: Int) -> String? {
        guard line > 0, let text = try? String(contentsOfFile: "\(workspace.root)/\(file)", encoding: .utf8) else {
            return nil
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return line <= lines.count ? lines[line - 1].trimmingCharacters(in: .whitespaces) : nil
    }
}

/// A problem as one item of a list: "  - " before its first line, its other lines under it.
func bulleted(_ text: String) -> String {
    indent(text, by: "  - ").replacingOccurrences(of: "\n  - ", with: "\n    ")
}

func indent(_ text: String, by prefix: String = "    ") -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
}
