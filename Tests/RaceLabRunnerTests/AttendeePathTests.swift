import Foundation
import RaceLabKit
import XCTest

@testable import RaceLabRunner

/// What an attendee meets on their way: `racelab` alone leading, a reset that says what it puts back,
/// the note on a file that is still the starter, a build that is never silent, `racelab tsan`'s words.
final class AttendeePathTests: ExerciseWorkspaceTestCase {
    let mine = "Lessons/03-thread-safety/Exercise/Person.swift"
    let task =
        "import Foundation\n\n// Exercise 3: make Person thread-safe.\n//\n// Rename it from many threads.\n// Check your work:  swift run racelab exercise 3\n\nclass Person {}\n"

    func write(_ text: String, to path: String) throws { try package.write(text, to: path) }

    func testRacelabAloneShowsWhereYouAreAndTheTaskThenTakesKeys() throws {
        try write(task, to: mine)
        try write(task, to: "Lessons/03-thread-safety/Exercise/Referee/Starter/Person.swift")
        let lead = Lead(runner: try runner())
        XCTAssertTrue(try lead.begin())
        XCTAssertEqual(printed.first, "Exercises: 0 of 1 passed  [.]  (# passed, + begun, . not started)")
        XCTAssertTrue(printed.contains("Exercise 3 (\(mine)):"), "\(printed)")
        XCTAssertTrue(printed.contains("  Exercise 3: make Person thread-safe."), "\(printed)")
        XCTAssertTrue(printed.contains("  Rename it from many threads."), "\(printed)")
        XCTAssertFalse(printed.contains { $0.contains("swift run racelab exercise") }, "a save checks it: \(printed)")
        XCTAssertFalse(printed.contains { $0.contains("class Person") }, "the task, not the code")
        printed = []
        XCTAssertTrue(try lead.handle(.hint))
        XCTAssertEqual(printed.dropFirst().first, "Hint 1 of 2: Gate the writes\n  and the reads.")
        XCTAssertTrue(printed.contains("Type h and Enter again for the next hint (1 more)."), "\(printed)")
        printed = []
        XCTAssertTrue(try lead.handle(.next))
        XCTAssertEqual(printed, ["Exercise 3 is the only one not passed yet: it stays."])
        printed = []
        XCTAssertTrue(try lead.handle(LeadEvent(typed: "x")))
        XCTAssertTrue(printed.first?.hasPrefix("'x' is not a key here.") == true, "\(printed)")
        XCTAssertFalse(try lead.handle(LeadEvent(typed: " Q ")), "q stops it")
        XCTAssertEqual(LeadEvent(typed: "h"), .hint)
        XCTAssertEqual(LeadEvent(typed: "next"), .next)
    }

    func testRacelabAloneHasNothingToLeadOnceEveryExercisePassed() throws {
        let r = try runner()
        try write("my fix", to: mine)
        r.record(true, for: try r.workspace.exercise(3))
        let lead = Lead(runner: try runner())
        XCTAssertFalse(try lead.begin())
        XCTAssertEqual(printed.first, "Exercises: 1 of 1 passed  [#]  (# passed, + begun, . not started)")
        XCTAssertTrue(printed.last?.hasPrefix("Every exercise has passed.") == true, "\(printed)")
        XCTAssertNil(lead.current)
    }

    func testResetNamesEachFileAndCanPutBackTheDriverAlone() throws {
        try write("my work", to: mine)
        try write("driver, edited", to: "Lessons/03-thread-safety/Exercise/main.swift")
        XCTAssertTrue(try runner().reset(3, confirmed: false, ask: { "d" }))
        XCTAssertTrue(printed.contains("  \(mine)   your work: it starts again from the starter"), "\(printed)")
        XCTAssertTrue(
            printed.contains {
                $0.contains("Exercise/main.swift   the driver") && $0.contains("it was edited")
            }, "\(printed)")
        XCTAssertTrue(printed.contains { $0.contains("d: the driver only, keep your work") }, "\(printed)")
        XCTAssertEqual(package.read("Lessons/03-thread-safety/Exercise/main.swift"), "driver")
        XCTAssertEqual(package.read(mine), "my work", "d kept the attendee's work")
        // With only the attendee's file edited, d is not offered, and is no yes.
        XCTAssertFalse(try runner().reset(3, confirmed: false, ask: { "d" }))
        XCTAssertFalse(printed.contains { $0.contains("d: the driver only") }, "\(printed)")
        XCTAssertEqual(package.read(mine), "my work")
    }

    func testAResetAfterAPassIsNotAPassEditedSince() throws {
        let r = try runner()
        let exercise = try r.workspace.exercise(3)
        try write("my fix", to: mine)
        r.record(true, for: exercise)
        XCTAssertTrue(try r.reset(3, confirmed: true, ask: { nil }))
        XCTAssertEqual(r.state(of: exercise, in: Progress.load(root: root)), .resetAfterPassing)
        try runner().list()
        XCTAssertTrue(printed.contains("          exercise 3: passed once, then reset to the starter"), "\(printed)")
        XCTAssertTrue(printed.last?.hasPrefix("Next: exercise 3") == true, "\(printed)")
        // Passed again: passed.
        try write("my fix", to: mine)
        r.record(true, for: exercise)
        XCTAssertEqual(r.state(of: exercise, in: Progress.load(root: root)), .passed)
    }

    func testAFileStillTheStarterIsSaidSoAndTheLessonsOwnCopyNamedWhenItWasSavedSince() throws {
        let r = try runner()
        let exercise = try r.workspace.exercise(3)
        XCTAssertEqual(
            r.stillTheStarter(exercise),
            ["(Person.swift is still the starter, unchanged: this checks the starter as it was given.)"])
        try write("the lesson's Person, fixed", to: "Lessons/03-thread-safety/Person.swift")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: "\(root)/\(mine)")
        XCTAssertEqual(
            r.stillTheStarter(exercise),
            [
                "(Person.swift is still the starter, unchanged. Did you edit Lessons/03-thread-safety/Person.swift, the lesson's own copy? Your fix goes in \(mine).)"
            ])
    }

    func testABuildShowsItsStepWhatAndHowLong() throws {
        XCTAssertEqual(
            BuildProgress.step(in: "[37/98] Compiling RaceLabKit Timeline.swift"),
            .init(done: 37, total: 98, what: "compiling RaceLabKit"))
        XCTAssertEqual(
            BuildProgress.step(in: "[29/34] Emitting module RaceLabKit"),
            .init(done: 29, total: 34, what: "emitting RaceLabKit"))
        XCTAssertEqual(BuildProgress.step(in: "[138/139] Linking racelab")?.what, "linking racelab")
        XCTAssertNil(BuildProgress.step(in: "Building for debugging..."))
        XCTAssertNil(BuildProgress.step(in: "[x/3] Compiling"))
        let shown = Locked([String]())
        let progress = BuildProgress(terminal: false, interval: 0.05) { line in shown.withLock { $0.append(line) } }
        progress.start()
        // A step split across two pieces of output, as a pipe may deliver it.
        progress.feed(Data("Building for debugging...\n[3/10] Compil".utf8))
        progress.feed(Data("ing RaceLabKit A.swift\n".utf8))
        let deadline = Date(timeIntervalSinceNow: 10)
        while !shown.current.contains(where: { $0.contains("step 3 of 10, compiling RaceLabKit") }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        progress.finish()
        XCTAssertTrue(
            shown.current.contains {
                $0.hasPrefix("  building: step 3 of 10, compiling RaceLabKit (") && $0.hasSuffix(" s)\n")
            },
            "\(shown.current)")
        let count = shown.current.count
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(shown.current.count, count, "nothing more once finished")
        // A run in place of a build: what runs.
        let running = BuildProgress(terminal: true, interval: 0.05) { line in shown.withLock { $0.append(line) } }
        running.start("running exercise3 under ThreadSanitizer")
        XCTAssertTrue(running.line.hasPrefix("  running exercise3 under ThreadSanitizer ("), running.line)
        running.finish()
        XCTAssertEqual(shown.current.last, "\r\u{1B}[2K", "a terminal's line is wiped at the end")
    }

    /// `watch` in one terminal and `hint` in another: each change to the progress is read, made and
    /// saved under the file's lock, so none undoes another (the PASS a hint once wiped out).
    func testProgressChangedFromManyPlacesAtOnceLosesNothing() {
        let root = root
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10 {
                Progress.update(root: root, print: { _ in }) { $0[exercise: 3].hintsShown += 1 }
            }
        }
        XCTAssertEqual(Progress.load(root: root)[exercise: 3].hintsShown, 80)
    }

    /// Wrong output with TSan silent says that TSan's silence is no pass; with a race, a crash or a hang
    /// the verdict says those instead.
    func testWrongOutputWithNoDataRaceSaysTSanSilenceIsNoPass() {
        let wrong = RunOutcome(problems: [.forbiddenOutcome("a torn name")], races: [], seconds: 1, stdout: "")
        XCTAssertTrue(Runner.noDataRace(wrong)?.hasPrefix("(ThreadSanitizer saw no data race in this run") == true)
        let side = RaceDescription.Side(function: "Person.changeName", operation: "write")
        let race = RaceDescription(kind: "data race", sides: [side, side])
        let racy = RunOutcome(
            problems: [.forbiddenOutcome("a torn name"), .unexpectedRace(race, count: 1)], races: [race], seconds: 1,
            stdout: "")
        XCTAssertNil(Runner.noDataRace(racy))
        let crashed = RunOutcome(problems: [.crashed(signal: 4, stderrTail: [])], races: [], seconds: 1, stdout: "")
        XCTAssertNil(Runner.noDataRace(crashed))
        XCTAssertNil(Runner.noDataRace(RunOutcome(problems: [], races: [], seconds: 1, stdout: "")), "a pass")
    }

    /// A race told to an attendee: no "unexpected", no heap block, and a read at an assignment or an
    /// access race explained; a global's name kept.
    func testARaceIsToldInAnAttendeesWords() throws {
        try write("class Person {\n  func changeName() {\n    self.firstName = firstName\n  }\n}\n", to: mine)
        let side = { (operation: String) in
            RaceDescription.Side(function: "Person.changeName", operation: operation, file: self.mine, line: 3)
        }
        let race = RaceDescription(
            kind: "data race", sides: [side("read"), side("write")], location: "heap block of size 48")
        let told = try runner().explain(CheckProblem.unexpectedRace(race, count: 1).forAttendee)
        XCTAssertTrue(told.hasPrefix("data race: Person.changeName reads (\(mine):3) while"), told)
        XCTAssertFalse(told.contains("unexpected") || told.contains("heap block"), told)
        XCTAssertTrue(told.contains("(A read at an assignment: to store a new String or object"), told)
        XCTAssertFalse(told.contains("access race"), told)
        // For a maintainer's check, as TSan said it.
        XCTAssertTrue(
            try runner().explain(.unexpectedRace(race, count: 1)).hasPrefix(
                "unexpected data race on heap block of size 48"))
        // A read that is only a read gets no word on assignments; an access race gets its own.
        try write("class Person {\n  func changeName() {\n    print(firstName == lastName)\n  }\n}\n", to: mine)
        let access = RaceDescription(
            kind: "Swift access race", sides: [side("read"), side("write")], location: "global 'counter'")
        let toldAccess = try runner().explain(CheckProblem.unexpectedRace(access, count: 2).forAttendee)
        XCTAssertTrue(toldAccess.hasPrefix("Swift access race on global 'counter': "), toldAccess)
        XCTAssertFalse(toldAccess.contains("A read at an assignment"), toldAccess)
        XCTAssertTrue(toldAccess.contains("(A Swift access race: two accesses to one variable at once"), toldAccess)
    }

    /// Compile errors: the attendee's own first, the driver's that follow from them counted.
    func testCompileErrorsShowTheAttendeesFileFirstAndCountTheDriversAfter() throws {
        let exercise = try runner().workspace.exercise(3)
        let driver =
            "Lessons/03-thread-safety/Exercise/main.swift:4:1: error: type 'Person' does not conform to protocol 'Renamable'"
        let own = "\(mine):12:9: error: cannot find 'lock' in scope"
        XCTAssertEqual(
            Runner.compileErrorsShown([driver, own], exercise: exercise),
            [
                "    \(own)",
                "    … and 1 more in main.swift, which follow from these: fix yours first (main.swift is not yours to edit)",
            ])
        XCTAssertEqual(Runner.compileErrorsShown([driver], exercise: exercise), ["    \(driver)"])
    }

    /// Exercise 15's starter, run with ThreadSanitizer catching traps (captured on Linux): the verdict
    /// names the attendee's closure and file, and says why in a sentence; the output that never came
    /// is part of the crash, not a second fault; the stop at a first report does not cut the stack.
    func testATrapIsNamedAtItsSourceWithItsReason() throws {
        // The starter as it was captured, where the capture says it was (the closure's line is read from it).
        let starter = "Lessons/15-approachable-concurrency/Exercise/Referee/Starter/FeedViewModel.swift"
        try write(
            try String(contentsOfFile: "\(DarwinReportTests.repository)/\(starter)", encoding: .utf8), to: starter)
        let stderr = try capturedStderr("exercise15-starter-trap.stderr").replacingOccurrences(
            of: TSanReportTests.capturedRoot + "/", with: root + "/")
        XCTAssertFalse(hasWholeTSanReport(stderr), "a trap's stack is not a report to stop at")
        var problems: [CheckProblem] = []
        judgeEnding(
            ProcessResult(ending: .exited(66), stdout: "", stderr: stderr, seconds: 1),
            transcript: try Transcript(parsing: "---\n"),
            output: "", reported: false, demangler: Demangler(), root: root, problems: &problems
        )
        guard case .crashed(let signal, let tail)? = problems.first else { return XCTFail("\(problems)") }
        XCTAssertEqual(signal, 4)
        XCTAssertEqual(
            tail.first, "in a closure in FeedViewModel.refresh (\(starter):39)",
            "the closure's first line (`service.loadFeed { items in`): its isolation check has no line of its own")
        XCTAssertEqual(
            Runner.closure(
                path: [2], inFunction: "refresh",
                of: "func refresh() {\n  if ok { go() }\n  a { }\n  b {\n    c { }\n  }\n}")?.opens, 4,
            "an if's brace opens no closure; a closure inside another is not the function's")
        XCTAssertTrue(
            tail.dropFirst().first?.hasPrefix("why: Swift 6's run-time isolation check (SE-0423)") == true, "\(tail)")
        // A sync onto the queue the code runs on (exercise 3's wrong fix, captured): libdispatch's trap, told why.
        var sync: [CheckProblem] = []
        judgeEnding(
            ProcessResult(
                ending: .exited(66), stdout: "", stderr: try capturedStderr("exercise3-sync-on-its-own-queue.stderr"),
                seconds: 1),
            transcript: try Transcript(parsing: "---\n"), output: "", reported: false, demangler: Demangler(),
            root: TSanReportTests.capturedRoot, problems: &sync)
        guard case .crashed(4, let told)? = sync.first else { return XCTFail("\(sync)") }
        XCTAssertEqual(
            told.prefix(2),
            [
                "in Person.name.getter (Lessons/03-thread-safety/Exercise/Person.swift:32)",
                TrapCause.syncOnItsOwnQueue.why,
            ])
        // A group left before it was entered (exercise 2, `enter()` after the fetch, captured): why, in words.
        var leave: [CheckProblem] = []
        judgeEnding(
            ProcessResult(
                ending: .exited(66), stdout: "", stderr: try capturedStderr("exercise2-unbalanced-leave.stderr"),
                seconds: 1),
            transcript: try Transcript(parsing: "---\n"), output: "", reported: false, demangler: Demangler(),
            root: TSanReportTests.capturedRoot, problems: &leave)
        guard case .crashed(4, let leaveTold)? = leave.first else { return XCTFail("\(leave)") }
        XCTAssertEqual(
            leaveTold.prefix(2),
            [
                "in a closure in FeedLoader.load (Lessons/02-dispatch-groups/Exercise/FeedLoader.swift:14)",
                TrapCause.unbalancedLeave.why,
            ])
        // Without the project's frames (another root), TSan's own words, and no reason made up.
        var elsewhere: [CheckProblem] = []
        judgeEnding(
            ProcessResult(ending: .exited(66), stdout: "", stderr: stderr, seconds: 1),
            transcript: try Transcript(parsing: "---\n"),
            output: "", reported: false, demangler: Demangler(), root: "/nowhere", problems: &elsewhere)
        guard case .crashed(_, let bare)? = elsewhere.first else { return XCTFail("\(elsewhere)") }
        XCTAssertFalse(bare.contains { $0.hasPrefix("in a closure in FeedViewModel") }, "\(bare)")
        // The main thread ended the program (status 0) while TSan began its report: still a crash.
        var cut: [CheckProblem] = []
        judgeEnding(
            ProcessResult(ending: .exited(0), stdout: "", stderr: "ThreadSanitizer:DEADLYSIGNAL\n", seconds: 1),
            transcript: try Transcript(parsing: "---\n"), output: "", reported: false, demangler: Demangler(),
            root: TSanReportTests.capturedRoot, problems: &cut)
        guard case .crashed(4, _)? = cut.first else { return XCTFail("\(cut)") }
        // The output that never came is folded into the crash.
        let never = CheckProblem.output(
            OutputMismatch(outputLine: nil, actual: nil, transcriptLine: 3, expected: "Feed shown"))
        XCTAssertEqual(Runner.withoutConsequences([problems[0], never]).count, 1)
        XCTAssertEqual(Runner.withoutConsequences([never]).count, 1, "without a crash it stays")
    }

    /// After a failed check, `hint` gives the hint for what it found first, once, and says so; then the
    /// hints in order again. A hint's `for:` line is never shown.
    func testAHintIsKeyedToWhatFailed() throws {
        try write(
            "# hints\n\n1. Gate the writes.\n   for: Person.changeName\n2. One gate for both.\n   for: a read got in between, Person.name.getter\n3. Do not wait on yourself.\n",
            to: "Lessons/03-thread-safety/Exercise/hint.md")
        let hints = parseKeyedHints(try XCTUnwrap(package.read("Lessons/03-thread-safety/Exercise/hint.md")))
        XCTAssertEqual(hints.map(\.text), ["Gate the writes.", "One gate for both.", "Do not wait on yourself."])
        XCTAssertEqual(hints[1].keys, ["a read got in between", "Person.name.getter"])
        // The first line any hint is for; within it, the words that say most.
        XCTAssertEqual(
            Runner.hintFor(
                "Exercise passed? no\ndata race: Person.changeName writes (x:3) while Person.name.getter reads (x:9)",
                among: hints)?.0, 1)
        XCTAssertEqual(
            Runner.hintFor("data race: Person.changeName writes while Person.changeName reads", among: hints)?.0, 0)
        XCTAssertNil(Runner.hintFor("the output is not what it should be", among: hints))
        let r = try runner()
        try write("my attempt", to: mine)
        r.record(
            false, for: try r.workspace.exercise(3),
            failure: "3 names read were torn: a read got in between the two writes")
        r.offerHint(try r.workspace.exercise(3))
        XCTAssertTrue(
            printed.contains { $0.contains("shows hint 2 of 3, the one for what this check found first") }, "\(printed)"
        )
        try runner().hint(3)
        XCTAssertEqual(printed.first, "For what your last check found first (\"a read got in between\"):")
        XCTAssertEqual(printed.dropFirst().first, "Hint 2 of 3: One gate for both.")
        XCTAssertFalse(printed.joined().contains("for:"), "\(printed)")
        try runner().hint(3)
        XCTAssertEqual(printed.first, "Hint 1 of 3: Gate the writes.", "asked again: the hints in order")
    }

    /// Exercise 12's actor: "another add got in between" is pointed at the `await` in the attendee's
    /// `add` where it can.
    func testAnotherCallGettingInIsPointedAtTheAwaitWhereItCan() throws {
        let controller = """
            actor Controller {
                var list: [Int] = []
                func add(_ event: Int) async {
                    guard !list.contains(event) else { return }  // await later
                    guard await catalog.isBookable(event) else { return }
                    list.append(event)
                }
                func remove(_ event: Int) async { await log(event) }
            }
            """
        XCTAssertEqual(
            Runner.awaits(inFunction: "add", of: controller).map(\.line), [5], "add's await only, not a comment's")
        XCTAssertEqual(Runner.awaits(inFunction: "missing", of: controller).count, 0)
        try write(controller, to: mine)
        let r = try runner()
        let exercise = try r.workspace.exercise(3)
        XCTAssertEqual(
            r.wherePlaces(
                "held an event twice   <- another add got in between a check and its append", exercise,
                folder: exercise.folder),
            [
                "where: the await at \(mine):5, `guard await catalog.isBookable(event) else { return }`: another add can run there"
            ])
        XCTAssertEqual(
            r.wherePlaces("3 names read were torn: a read got in between", exercise, folder: exercise.folder), [])
    }

    func testTheDriversConclusionComesBeforeWhatItSaw() {
        XCTAssertEqual(
            Runner.conclusionsFirst([
                "[ 0.80s] Current name: Gina Frost   <- torn!", "[ 1.13s] Current name: Eva Cheesecake   <- torn!",
                "2 names read were torn: a read got in between   <- hold one lock",
            ]),
            [
                "2 names read were torn: a read got in between   <- hold one lock",
                "[ 0.80s] Current name: Gina Frost   <- torn!", "[ 1.13s] Current name: Eva Cheesecake   <- torn!",
            ])
    }

    func testLinesAreWholeWhateverPiecesTheyCameIn() {
        var lines: [String] = []
        let splitter = LineSplitter { lines.append($0) }
        for piece in ["one\ntw", "o\n", "", "thr", "ee"] { splitter.feed(Data(piece.utf8)) }
        XCTAssertEqual(lines, ["one", "two"])
        splitter.flush()
        XCTAssertEqual(lines, ["one", "two", "three"])
    }

    /// `racelab tsan`'s account of a report: each race once, how often, and both places quoted.
    func testTSanNamesEachRaceOnceWithItsCountAndItsLines() throws {
        try write(
            (1...30).map { "line \($0)" }.joined(separator: "\n"), to: "Lessons/03-thread-safety/Exercise/Person.swift")
        let side = { (operation: String) in
            RaceDescription.Side(
                function: "Person.changeName", operation: operation,
                file: "Lessons/03-thread-safety/Exercise/Person.swift",
                line: 26, inProject: true)
        }
        let race = RaceDescription(
            kind: "data race", sides: [side("write"), side("read")], location: "heap block of size 48")
        try runner().sayRaces([race, race], of: "lesson 3 page 2")
        XCTAssertEqual(
            printed,
            [
                "ThreadSanitizer: 2 reports in lesson 3 page 2, 1 different:",
                "  - data race: Person.changeName writes (Lessons/03-thread-safety/Exercise/Person.swift:26) while Person.changeName reads (Lessons/03-thread-safety/Exercise/Person.swift:26) on another thread (×2)\n    \(Runner.whyARace)\n      Lessons/03-thread-safety/Exercise/Person.swift:26:  line 26",
            ])
        try runner().sayRaces([], of: "lesson 3 page 2")
        XCTAssertEqual(printed, ["ThreadSanitizer reported no race in lesson 3 page 2 on this run."])
    }

    func testTSanTakesOneLessonPage() {
        XCTAssertEqual(racelabMain(["tsan", "exercise", "3"], directory: root), 2)
        XCTAssertEqual(racelabMain(["tsan", "3:2", "4:1"], directory: root), 2)
        XCTAssertEqual(racelabMain(["tsan", "3:2", "--jobs", "2"], directory: root), 2)
        XCTAssertEqual(racelabMain(["tsan", "three"], directory: root), 2)
    }
}
