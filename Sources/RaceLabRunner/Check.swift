import Foundation
import RaceLabContract

/// `racelab check [N | N:P …] [--must-fail F]`, and `racelab page P T` for lesson authors.
extension Runner {
    /// Checks the pages of the given lessons (all when empty). True when every page passed.
    public func check(_ numbers: [Int]) throws -> Bool {
        try check(numbers.map { .lesson($0, page: nil) })
    }

    /// Checks the given lessons (`3`) and pages (`3:2`); every page of every lesson when none.
    /// `mustFail`: the one page given is broken on purpose (`scripts/mutants`), and passes when it
    /// fails for every reason listed, as `verify` judges a wrong fix.
    public func check(_ targets: [Target], mustFail: [ExpectedFailure]? = nil) throws -> Bool {
        var selected: [(lesson: LessonInfo, page: Int?)] = []
        for target in targets {
            guard case .lesson(let number, let page) = target else {
                throw Workspace.Problem(
                    description: "check takes lessons (3) and pages (3:2); an exercise: racelab exercise N")
            }
            let lesson = try workspace.lesson(number)
            _ = try lesson.pages(page)  // a page without a transcript is an error before anything builds
            selected.append((lesson, page))
        }
        if selected.isEmpty { selected = workspace.lessons.map { ($0, nil) } }
        if mustFail != nil, selected.count != 1 || selected[0].page == nil {
            throw Workspace.Problem(
                description: "--must-fail judges one page: racelab check 3:2 --must-fail 'race Person.changeName'")
        }
        let lessons = selected.map(\.lesson)
        let what =
            selected.count == 1
            ? "lesson \(lessons[0].number)\(selected[0].page.map { " page \($0)" } ?? "")" : "\(selected.count) lessons"
        print("Checking \(what) under ThreadSanitizer at \(speedText(speed)): every page in its own process.")
        guard let bin = try buildAll(Array(Set(lessons.map(\.product))).sorted()) else { return false }
        var passed = 0
        let started = Date()
        // A whole lesson's checks include its compiler verdicts (lesson 12 on); one page's do not.
        let pages = selected.flatMap { wanted in
            pageChecks(wanted.lesson, bin: bin).filter {
                wanted.page == nil || $0.page == nil || $0.page == wanted.page
            }
                + (wanted.page == nil ? compilerChecks(wanted.lesson) : [])
        }
        if let mustFail {
            var failedAsDocumented = false
            runInOrder(pages.map(\.check), jobs: 1) { index, outcome in
                failedAsDocumented = reportFails(pages[index].label, .success(mustFail), outcome)
            }
            return failedAsDocumented
        }
        runInOrder(pages.map(\.check), jobs: jobs) { index, outcome in
            if outcome.passed { passed += 1 }
            report(pages[index].label, outcome)
        }
        let sideBySide = jobs > 1 ? ", up to \(jobs) side by side" : ""
        let noun =
            selected.contains { $0.page == nil && !CompilerVerdicts.files(of: $0.lesson, root: workspace.root).isEmpty }
            ? "pages and compiler verdicts" : "pages"
        print(
            "\(passed) of \(pages.count) \(noun) passed in \(String(format: "%.1f", Date().timeIntervalSince(started))) s\(sideBySide)."
        )
        return passed == pages.count
    }

    /// The checks of every page of `lesson`, not yet run: one per page (and one for any page without
    /// a transcript, which fails at once).
    func pageChecks(_ lesson: LessonInfo, bin: String) -> [(label: String, page: Int?, check: () -> RunOutcome)] {
        let program = "\(bin)/\(lesson.product)"
        if let problem = freshnessProblem(.page(1, of: lesson), program: program) {
            return [("lesson \(lesson.number)", nil, { self.failure(problem) })]
        }
        let listing = runProcess(program, arguments: ["--list"], timeout: 30, outputCap: 1 << 16)
        var titles: [Int: String] = [:]
        for line in listing.stdout.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2, let number = Int(parts[0]) { titles[number] = String(parts[1]) }
        }
        var checks: [(label: String, page: Int?, check: () -> RunOutcome)] = []
        for page in Set(titles.keys).union(lesson.transcripts.keys).sorted() {
            let label = "lesson \(lesson.number) page \(page)"
            let named = titles[page].map { "\(label)  \($0)" } ?? label
            guard let path = lesson.transcripts[page] else {
                let outcome = failure(
                    "page \(page) has no transcript: write \(lesson.folder)/transcripts/page\(page).txt")
                checks.append((named, page, { outcome }))
                continue
            }
            guard titles[page] != nil else {
                let outcome = failure("\(path) is for page \(page), but \(lesson.product) has pages 1–\(titles.count)")
                checks.append((named, page, { outcome }))
                continue
            }
            checks.append((named, page, { self.run(.page(page, of: lesson), bin: bin) }))
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
            outcome = checkRun(
                absolute(program), arguments: arguments, transcript: try Transcript(contentsOf: absolute(transcript)),
                root: workspace.root,
                limits: limits, timing: timing, banner: Banner(heading: "RaceLab ", onlyIfPrinted: true))
        } catch {
            outcome = transcriptFailure(transcript, error)
        }
        report(program, outcome)
        return outcome.passed
    }
}
