import Foundation
import RaceLabContract

/// The outcome of running one page (or exercise) against its transcript.
public struct RunOutcome {
    public var problems: [CheckProblem]
    public var races: [RaceDescription]
    public var seconds: Double
    public var stdout: String
    /// The program said its timing was off (`TimingWasOff`): what it saw may be a busy machine's doing.
    var saidTimingWasOff: Bool { stdout.split(separator: "\n").contains { $0.hasPrefix(TimingWasOff.mark) } }
    /// The driver's line saying what it left out because the attendee's file uses `Mutex`, if it said one.
    var leftOutForMutex: String? {
        stdout.split(separator: "\n").first { $0.hasPrefix(MutexInTheirCode.leftOutMark) }.map(String.init)
    }
    /// Lines the attendee's own code printed (an exercise's `print`s for debugging): shown, not checked.
    public var ownLines: [String] = []
    /// It was stopped at ThreadSanitizer's first report, which already decided the verdict.
    public var stoppedAtFirstReport = false
    /// The outcome blocks the output went through, when the transcript declares outcomes.
    public var outcomes: [Transcript.Outcome] = []
    /// Every race the transcript expects was reported (true for a page that expects none).
    public var expectedRacesReported = true
    /// When the run at the check speed failed on time only and the page was run again at real speed:
    /// what that first run found. The rest of this outcome is the rerun's.
    public var firstRun: [CheckProblem]?
    /// The speed it was checked at (an exercise's may differ from the runner's).
    public var speed: Double = 1
    /// An exercise's: the seed of the scenario it played (`--seed` plays it again).
    public var seed: UInt64?
    /// Runs that passed after saying their contention round fell short, and so were run again (the
    /// rest of this outcome is the last run's). When it is the most `checkRun` tries and this one
    /// passed, none of them judged all the round plays for.
    public var contentionShortRuns = 0
    /// Why the schedule explorer could not play files it should have (they did not compile for it),
    /// where a run kept its pass all the same (`judgedBeyondTheRun`).
    public var unexplored: String?

    /// The run said its contention round fell short (a line that starts with `ContentionFellShort.mark`).
    public var saidContentionFellShort: Bool {
        stdout.split(separator: "\n").contains { $0.hasPrefix(ContentionFellShort.mark) }
    }
    /// It passed, and every run said its contention round fell short: it passed on less than the
    /// round plays for.
    public var passedShortOfContention: Bool { passed && saidContentionFellShort }

    /// What the driver itself said was wrong (`explain`), in its words: the verdict's first lines.
    public var explanations: [String] = []

    /// How far behind a chain of the runner's 50 ms naps fell while the confirming rerun ran
    /// (`MachineLateness`), real seconds.
    public var machineLateness: Double?
    /// The rerun's time misses, each no later than the chain of naps was behind when it came: a busy machine.
    public var excusedAsBusy: [CheckProblem] = []
    /// The first run's ThreadSanitizer reports were interleaved, so it ran once more (this is that run).
    public var ranAgainForInterleavedReports = false
    var hasInterleavedReports: Bool {
        problems.contains(where: \.isInterleavedReports)
    }
    /// ThreadSanitizer reported, but what it said cannot be read: its reports were interleaved, or one
    /// was cut off although the runner did not stop the program (it crashed while TSan was writing).
    var reportsUnread: Bool {
        hasInterleavedReports
            || (problems.contains(where: \.isReportCutOff) && !stoppedAtFirstReport
                && !problems.contains { $0.kind == .hang || $0.kind == .flood })
    }

    public var passed: Bool { problems.isEmpty }
    /// The transcript could not be read, so nothing was run.
    public var transcriptUnreadable: Bool {
        problems.contains(where: \.isTranscriptError)
    }
    /// ", seed 4711" for an exercise's run, to end its figures with.
    var seedNote: String { seed.map { ", seed \($0)" } ?? "" }
    /// What a report line ends with: "[clean, 1.3 s, seed 4711]"; `ending` follows the verdict.
    func figures(ending: String = "") -> String {
        "[\(verdict)\(ending), \(String(format: "%.1f", seconds)) s\(seedNote)\(contentionNote)]"
    }
    /// "; contention fell short in 2 runs, run again", for the figures.
    var contentionNote: String {
        guard contentionShortRuns > 0 else { return "" }
        let runs = contentionShortRuns == 1 ? "1 run" : "\(contentionShortRuns) runs"
        return passedShortOfContention
            ? "; contention fell short in every run (\(runs))" : "; contention fell short in \(runs), run again"
    }
    public var failureKinds: Set<FailureKind> { Set(problems.map(\.kind)) }

    /// The documented failures (a starter's, a wrong fix's) this run did not show.
    func missing(_ documented: [ExpectedFailure]) -> [ExpectedFailure] {
        documented.filter { reason in !problems.contains { $0.isCase(reason) } }
    }

    /// "clean", or "races: Person.changeName ×6".
    public var verdict: String {
        if races.isEmpty {
            // TSan reported, but nothing could be read: never "clean".
            if hasInterleavedReports { return "TSan: reports interleaved, unread" }
            if problems.contains(where: \.isReportCutOff) {
                return "TSan: a report cut off"
            }
            return "clean"
        }
        var counts: [String: Int] = [:]
        for race in races {
            let name =
                race.isRace
                ? race.sides.first?.function ?? race.kind
                : "\(race.kind)" + (race.sides.first.map { " in \($0.function)" } ?? "")
            counts[name, default: 0] += 1
        }
        let parts = counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
        return (races.allSatisfy(\.isRace) ? "races: " : "TSan: ") + parts.joined(separator: ", ")
    }
}
