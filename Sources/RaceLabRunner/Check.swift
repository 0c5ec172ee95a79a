import Foundation
import RaceLab

/// `racelab check [N …]`, and `racelab page P T` for lesson authors.
extension Runner {
    /// Checks the pages of the given lessons (all when empty). True when every page passed.
    public func check(_ numbers: [Int]) throws -> Bool {
        let lessons = numbers.isEmpty ? workspace.lessons : try numbers.map(workspace.lesson)
        print("Checking \(lessons.count == 1 ? "lesson \(lessons[0].number)" : "\(lessons.count) lessons") under ThreadSanitizer at \(speedText(speed)): every page in its own process.")
        guard let bin = try buildAll(lessons.map(\.product)) else { return false }
        var passed = 0
        let started = Date()
        let pages = lessons.flatMap { pageChecks($0, bin: bin) }
        runInOrder(pages.map(\.check), jobs: jobs) { index, outcome in
            if outcome.passed { passed += 1 }
            report(pages[index].label, outcome)
        }
        let sideBySide = jobs > 1 ? ", up to \(jobs) side by side" : ""
        print("\(passed) of \(pages.count) pages passed in \(String(format: "%.1f", Date().timeIntervalSince(started))) s\(sideBySide).")
        return passed == pages.count
    }

    /// The checks of every page of `lesson`, not yet run: one per page (and one for any page without
    /// a transcript, which fails at once).
    func pageChecks(_ lesson: LessonInfo, bin: String) -> [(label: String, check: () -> RunOutcome)] {
        let program = "\(bin)/\(lesson.product)"
        if let problem = freshnessProblem(.page(1, of: lesson), program: program) {
            return [("lesson \(lesson.number)", { self.failure(problem) })]
        }
        let listing = runProcess(program, arguments: ["--list"], timeout: 30, outputCap: 1 << 16)
        var titles: [Int: String] = [:]
        for line in listing.stdout.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2, let number = Int(parts[0]) { titles[number] = String(parts[1]) }
        }
        var checks: [(label: String, check: () -> RunOutcome)] = []
        for page in Set(titles.keys).union(lesson.transcripts.keys).sorted() {
            let label = "lesson \(lesson.number) page \(page)"
            let named = titles[page].map { "\(label)  \($0)" } ?? label
            guard let path = lesson.transcripts[page] else {
                let outcome = failure("page \(page) has no transcript: write \(lesson.folder)/transcripts/page\(page).txt")
                checks.append((named, { outcome }))
                continue
            }
            guard titles[page] != nil else {
                let outcome = failure("\(path) is for page \(page), but \(lesson.product) has pages 1–\(titles.count)")
                checks.append((named, { outcome }))
                continue
            }
            checks.append((named, { self.run(.page(page, of: lesson), bin: bin) }))
        }
        return checks
    }

    /// For lesson authors (and the runner's own tests): checks one built program against one
    /// transcript, both given as paths from `directory`. True when it passed.
    public func page(_ program: String, transcript: String, arguments: [String], directory: String) -> Bool {
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : "\(directory)/\(path)" }
        print("Checking \(program) \(arguments.joined(separator: " ")) against \(transcript) at \(speedText(speed)).")
        let outcome: RunOutcome
        do {
            let text = try String(contentsOfFile: absolute(transcript), encoding: .utf8)
            outcome = checkRun(
                absolute(program), arguments: arguments, transcript: try Transcript(parsing: text), root: workspace.root,
                limits: limits, timing: timing, banner: Banner(heading: "RaceLab ", onlyIfPrinted: true))
        } catch {
            outcome = failure("\(transcript): \(error)")
        }
        report(program, outcome)
        return outcome.passed
    }
}
