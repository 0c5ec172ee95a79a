import Foundation

/// Something a page did that its transcript did not expect.
public enum PageProblem: CustomStringConvertible {
    case output(OutputMismatch)
    case unexpectedRace(RaceDescription, count: Int)
    case missingRace(String)
    case exitStatus(expected: Int32, actual: Int32)
    case crashed(signal: Int32, stderrTail: [String])
    case timedOut(seconds: Double)
    case flooded(bytes: Int)
    case tsanExitWithoutReport
    /// The page could not be checked at all (no transcript, a broken transcript, …).
    case message(String)

    public var description: String {
        switch self {
        case .message(let text):
            return text
        case .output(let mismatch):
            return "output differs from the transcript at \(mismatch)"
        case let .unexpectedRace(race, count):
            return "unexpected \(race)\(count > 1 ? " (×\(count))" : "")"
        case .missingRace(let function):
            return "expected a data race in \(function), but ThreadSanitizer reported none there"
        case let .exitStatus(expected, actual):
            return "exit status \(actual), expected \(expected)"
        case let .crashed(signal, tail):
            return (["crashed with signal \(signal)\(signalName(signal))"] + tail.map { "  " + $0 }).joined(separator: "\n")
        case .timedOut(let seconds):
            return "did not finish within \(Int(seconds)) s and was stopped: it hangs, or waits for something that never comes"
        case .flooded(let bytes):
            return "printed more than \(bytes / 1024) KiB and was stopped: it floods its output"
        case .tsanExitWithoutReport:
            return "exit status 66 (ThreadSanitizer's) but no report could be read on stderr"
        }
    }

    /// Which documented starter failure this is, if any (see `StarterFailure`).
    func isCase(_ failure: StarterFailure) -> Bool {
        switch (self, failure) {
        case (.output, .output), (.timedOut, .timeout), (.crashed, .crash), (.exitStatus, .exit): return true
        case let (.unexpectedRace(race, _), .race(function)): return race.involves(function)
        default: return false
        }
    }
}

private func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGILL: return " (SIGILL: a Swift runtime trap such as a failed precondition or force-unwrap)"
    case SIGTRAP: return " (SIGTRAP: a Swift runtime trap)"
    case SIGSEGV: return " (SIGSEGV: bad memory access)"
    case SIGABRT: return " (SIGABRT: aborted)"
    case SIGBUS: return " (SIGBUS)"
    case SIGKILL: return " (SIGKILL)"
    default: return ""
    }
}

/// The outcome of running one page (or exercise) against its transcript.
public struct PageOutcome {
    public var problems: [PageProblem]
    public var races: [RaceDescription]
    public var seconds: Double
    public var stdout: String

    public var passed: Bool { problems.isEmpty }

    /// "clean", or "races: Person.changeName ×6".
    public var verdict: String {
        guard !races.isEmpty else { return "clean" }
        var counts: [String: Int] = [:]
        for race in races { counts[race.sides.first?.function ?? race.kind, default: 0] += 1 }
        let parts = counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
        return "races: " + parts.joined(separator: ", ")
    }
}

/// How the runner runs page processes.
public struct PageLimits {
    public var outputCap = 256 * 1024

    public init() {}
}

/// The environment a page runs in: ThreadSanitizer's exit status and history fixed here, so that a
/// user's own TSAN_OPTIONS cannot change a verdict.
func pageEnvironment() -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["TSAN_OPTIONS"] = "exitcode=66:halt_on_error=0:history_size=4"
    environment.removeValue(forKey: "RACELAB_SPEED")  // the runner passes --speed itself
    // Swift's crash backtracer forks a helper, which can crash or hang in a TSan-built process and
    // holds the page's pipes while it runs: a crash must end the page at once. Swift still prints
    // its "Fatal error" line.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    return environment
}

/// Runs `executable` with `arguments` and judges it against `transcript`.
public func checkPage(
    _ executable: String, arguments: [String], transcript: Transcript, root: String, limits: PageLimits = PageLimits()
) -> PageOutcome {
    let result = runProcess(
        executable, arguments: arguments, environment: pageEnvironment(), directory: root,
        timeout: transcript.timeout, outputCap: limits.outputCap)
    return judge(result, transcript: transcript, root: root, cap: limits.outputCap)
}

/// The verdict logic, apart from running anything: output, races (expected and not), the ending.
public func judge(_ result: ProcessResult, transcript: Transcript, root: String, cap: Int, demangler: Demangler = Demangler()) -> PageOutcome {
    var problems: [PageProblem] = []
    let races = describe(parseTSanReports(result.stderr), root: root, demangler: demangler)
    if result.timedOut {
        problems.append(.timedOut(seconds: transcript.timeout))
    } else if result.flooded {
        problems.append(.flooded(bytes: cap))
    } else {
        switch result.ending {
        case .signalled(let signal):
            problems.append(.crashed(signal: signal, stderrTail: crashSummary(result.stderr)))
        case .exited(let status):
            if status == 66 && races.isEmpty && transcript.exitStatus != 66 {
                problems.append(.tsanExitWithoutReport)
            } else if status != transcript.exitStatus && !(status == 66 && !races.isEmpty) {
                problems.append(.exitStatus(expected: transcript.exitStatus, actual: status))
            }
        }
        if let mismatch = transcript.mismatch(in: result.stdout) { problems.append(.output(mismatch)) }
    }
    let expected: [String]
    if case .races(let functions) = transcript.verdict { expected = functions } else { expected = [] }
    var unexpected: [RaceDescription: Int] = [:]
    var order: [RaceDescription] = []
    for race in races where !(race.isRace && expected.contains(where: race.involves)) {
        if unexpected[race] == nil { order.append(race) }
        unexpected[race, default: 0] += 1
    }
    problems += order.map { .unexpectedRace($0, count: unexpected[$0]!) }
    // A page that was stopped early may not have reached its race: report only what it did.
    if !result.timedOut && !result.flooded {
        for function in expected where !races.contains(where: { $0.isRace && $0.involves(function) }) {
            problems.append(.missingRace(function))
        }
    }
    return PageOutcome(problems: problems, races: races, seconds: result.seconds, stdout: result.stdout)
}

/// Why it crashed, from stderr: Swift's "Fatal error" line and whatever else was printed outside
/// the TSan reports.
func crashSummary(_ stderr: String) -> [String] {
    var lines: [String] = []
    var inReport = false
    for line in stderr.split(separator: "\n").map(String.init) {
        if line.hasPrefix("WARNING: ThreadSanitizer") { inReport = true }
        if !inReport && !line.hasPrefix("==================") && !line.hasPrefix("ThreadSanitizer: reported") {
            lines.append(line)
        }
        if line.hasPrefix("SUMMARY: ThreadSanitizer") { inReport = false }
    }
    let fatal = lines.filter { $0.contains("Fatal error") || $0.contains("Precondition failed") }
    if !fatal.isEmpty { return fatal }
    if lines.isEmpty {
        return ["(nothing on stderr: Dispatch traps this way too, e.g. on a `sync` onto the serial queue the code already runs on)"]
    }
    return Array(lines.suffix(4))
}
