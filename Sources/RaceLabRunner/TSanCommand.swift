import Foundation
import RaceLabContract

/// `racelab tsan 3:2`: a lesson page under ThreadSanitizer, for an attendee who wants to see the report.
extension Runner {
    /// Builds the lesson with TSan in `.build-tsan` (the plain build in `.build` is left as it is, so
    /// `swift run lesson3` does not rebuild afterwards), plays the page with its output shown as it
    /// comes, then names each race TSan reported in one line with both places, each place's source
    /// quoted. The whole report, names demangled, goes to a file; `raw` prints it too. True when the
    /// page ran to its end (races or not: showing them is the point).
    public func tsan(_ target: Target, raw: Bool) throws -> Bool {
        guard case .lesson(let number, let page) = target else {
            throw Workspace.Problem(
                description: "tsan runs a lesson page, e.g. racelab tsan 3:2 (an exercise: racelab exercise N)")
        }
        let lesson = try workspace.lesson(number)
        if let page { _ = try lesson.pages(page) }
        let what = "lesson \(number)" + (page.map { " page \($0)" } ?? "")
        sayFirstBuild()
        guard let bin = try buildAll([lesson.product], progress: buildProgress) else { return false }
        let program = "\(bin)/\(lesson.product)"
        if let problem = freshnessProblem(.page(page ?? 1, of: lesson), program: program) {
            print("Cannot run \(what): \(problem)")
            return false
        }
        print("Playing \(what) under ThreadSanitizer at \(speedText(speed)); its output:")
        print("")
        var environment = runEnvironment()
        environment.removeValue(forKey: "RACELAB_MARK_LINES")  // the attendee reads the page as it prints
        // TSan's reports are read here, not shown as they happen: the banner says so.
        let lines = LineSplitter { [print] line in
            print(
                line == BannerLines.threadSanitizerOn
                    ? "ThreadSanitizer is on: its reports are gathered, and summed up after the page." : line)
        }
        let result = runProcess(
            program, arguments: (page.map { [String($0)] } ?? []) + ["--speed", String(speed)],
            environment: environment, directory: workspace.root, timeout: 600 / speed + 60,
            outputCap: limits.outputCap, onStdout: lines.feed)
        lines.flush()
        print("")
        let reports = parseTSanReports(result.stderr)
        let races = describe(reports, root: workspace.root, executable: program)
        sayRaces(races, of: what)
        let reportFile = saveReport(result.stderr, lesson: number, page: page)
        if let reportFile, !reports.isEmpty {
            print("ThreadSanitizer's whole report, names demangled (\(lineCount(reportFile)) lines): \(reportFile)")
            if raw {
                print("")
                print((try? String(contentsOfFile: "\(workspace.root)/\(reportFile)", encoding: .utf8)) ?? "")
            } else {
                print("(racelab tsan \(number)\(page.map { ":\($0)" } ?? "") --raw prints it here.)")
            }
        }
        switch result.ending {
        case _ where result.timedOut:
            print("The page did not end within \(Int(600 / speed + 60)) s, and was stopped.")
            return false
        case .signalled(let signal):
            print("The page crashed (signal \(signal)): see \(reportFile ?? "its stderr") for what it printed.")
            return false
        case .exited(let status) where status != 0 && status != tsanExitStatus:
            print("The page ended with exit status \(status).")
            return false
        default:
            return true
        }
    }

    /// Each race once, told as an exercise's verdict tells it (`explain`): how often TSan reported it,
    /// both places with their source lines, and a word on what a newcomer cannot know.
    func sayRaces(_ races: [RaceDescription], of what: String) {
        guard !races.isEmpty else {
            print("ThreadSanitizer reported no race in \(what) on this run.")
            return
        }
        var counts: [String: Int] = [:]
        var order: [RaceDescription] = []
        // Counted as told: two blocks of different sizes are one race to the attendee.
        for var race in races {
            race.forAttendee = true
            if counts[race.description] == nil { order.append(race) }
            counts[race.description, default: 0] += 1
        }
        let noun = races.count == 1 ? "report" : "reports"
        print("ThreadSanitizer: \(races.count) \(noun) in \(what), \(order.count) different:")
        for race in order {
            print(bulleted(explain(CheckProblem.unexpectedRace(race, count: counts[race.description]!).forAttendee)))
        }
    }

    /// Writes stderr, its mangled names demangled, to `.build-tsan/reports/`; its path from the root.
    func saveReport(_ stderr: String, lesson: Int, page: Int?) -> String? {
        guard !stderr.isEmpty else { return nil }
        let folder = ".build-tsan/reports"
        let file = "\(folder)/lesson\(lesson)" + (page.map { "-page\($0)" } ?? "") + ".txt"
        let demangled = runProcess(
            "/usr/bin/env", arguments: ["swift", "demangle", "--simplified"], input: stderr, timeout: 60,
            outputCap: 64 << 20)
        let text = demangled.succeeded ? demangled.stdout : stderr
        do {
            try FileManager.default.createDirectory(
                atPath: "\(workspace.root)/\(folder)", withIntermediateDirectories: true)
            try text.write(toFile: "\(workspace.root)/\(file)", atomically: true, encoding: .utf8)
            return file
        } catch {
            print("(could not save the report in \(file): \((error as NSError).localizedDescription))")
            return nil
        }
    }

    private func lineCount(_ file: String) -> Int {
        ((try? String(contentsOfFile: "\(workspace.root)/\(file)", encoding: .utf8)) ?? "")
            .split(separator: "\n", omittingEmptySubsequences: false).count - 1
    }
}

/// Whole lines out of a stream's pieces, each handed to `print` as it completes, in order.
/// @unchecked Sendable: its buffer is `Locked`, and `print` is called under that lock, one line at a time.
final class LineSplitter: @unchecked Sendable {
    private let pending = Locked(Data())
    private let print: (String) -> Void

    init(_ print: @escaping (String) -> Void) { self.print = print }

    func feed(_ chunk: Data) {
        pending.withLock { pending in
            pending.append(chunk)
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                print(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...end)
            }
        }
    }

    /// The last line, when the stream did not end with a newline.
    func flush() {
        pending.withLock { pending in
            if !pending.isEmpty { print(String(decoding: pending, as: UTF8.self)) }
            pending.removeAll()
        }
    }
}
